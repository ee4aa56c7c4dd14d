package tasks

import "biddesk/internal/platform/httpx"

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"task.not_found":       {"任务不存在", "No such task"},
		"task.log_not_found":   {"任务日志不存在", "No such run in the task log"},
		"task.cron_invalid":    {"Cron 表达式无法解析，请使用“分 时 日 月 周”五段格式，例如 0 2 * * *", "The cron expression cannot be parsed: use the five fields minute hour day month weekday, e.g. 0 2 * * *"},
		"task.cron_never":      {"该 Cron 表达式永远不会触发", "This cron expression never fires"},
		"task.cron_too_often":  {"执行频率不能高于每分钟一次", "A task may run at most once a minute"},
		"task.overlap_invalid": {"并发策略只能是允许或禁止", "Overlap must be allow or forbid"},
		"task.misfire_invalid": {"错过策略只能是立即补跑一次或跳过", "The misfire policy must be run once now or skip"},
		"task.timeout_invalid": {"超时时间须在 1 到 %d 秒之间", "The timeout must be 1 to %d seconds"},
		"task.retries_invalid": {"重试次数须在 0 到 %d 之间", "Retries must be 0 to %d"},
		"task.days_invalid":    {"保留天数须在 1 到 %d 之间", "The days kept must be 1 to %d"},
		"task.log_unknown":     {"没有这种日志", "No such log"},
		"task.running":         {"该任务正在运行，且不允许并发执行", "The task is running and does not allow overlapping runs"},

		"task.name.library_reminders": {"资料到期与借用提醒", "Library expiry and loan reminders"},
		"task.desc.library_reminders": {"为即将到期或已到期的资料、未归还的 CA 锁生成消息待办", "Writes message to-dos for records that expire soon or have expired and for CA keys not returned"},
		"task.name.purge_sessions":    {"清理过期会话与下载凭证", "Purge expired sessions and download tickets"},
		"task.desc.purge_sessions":    {"删除过期的下载凭证，以及结束或过期超过 30 天的会话和记住登录凭证", "Deletes expired download tickets, and sessions and remember-me tokens ended or expired over 30 days ago"},
		"task.name.log_retention":     {"日志保留期清理", "Log retention"},
		"task.desc.log_retention":     {"按各日志的保留天数删除更早的业务日志、登录日志、异常日志和任务日志", "Deletes business, login, exception and task log rows older than each log's retention days"},

		"businesslog.action.run":       {"立即执行", "Run now"},
		"businesslog.action.cancel":    {"取消运行", "Cancel a run"},
		"businesslog.action.retention": {"修改日志保留天数", "Change a log's retention"},

		"task.msg.reminders": {"写入消息待办 %d 条", "Message to-dos written: %d"},
		"task.msg.purge":     {"删除下载凭证 %d 个、会话 %d 个、记住登录凭证 %d 个", "Deleted %d download tickets, %d sessions and %d remember-me tokens"},
		"task.msg.retention": {"删除业务日志 %d 条、异常日志 %d 条、登录日志 %d 条、任务日志 %d 条", "Deleted %d business, %d exception, %d login and %d task log rows"},

		"task.log.file":       {"任务日志", "task-log"},
		"task.col.task":       {"任务", "Task"},
		"task.col.trigger":    {"触发方式", "Trigger"},
		"task.col.fireAt":     {"计划时间", "Scheduled for"},
		"task.col.startedAt":  {"开始时间", "Started"},
		"task.col.endedAt":    {"结束时间", "Ended"},
		"task.col.durationMs": {"耗时(毫秒)", "Duration (ms)"},
		"task.col.outcome":    {"结果", "Outcome"},
		"task.col.attempt":    {"第几次尝试", "Attempt"},
		"task.col.instance":   {"实例", "Instance"},
		"task.col.startedBy":  {"手动执行人", "Started by"},
		"task.col.message":    {"信息", "Message"},

		"task.trigger.schedule": {"按计划", "Scheduled"},
		"task.trigger.manual":   {"手动执行", "Run now"},
		"task.trigger.misfire":  {"错过后补跑", "Misfire catch-up"},

		"task.outcome.running":     {"运行中", "Running"},
		"task.outcome.success":     {"成功", "Succeeded"},
		"task.outcome.failed":      {"失败", "Failed"},
		"task.outcome.timeout":     {"超时", "Timed out"},
		"task.outcome.cancelled":   {"已取消", "Cancelled"},
		"task.outcome.interrupted": {"被中断", "Interrupted"},
	})
}
