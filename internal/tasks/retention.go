package tasks

import (
	"context"
	"fmt"
	"strings"
	"time"

	"biddesk/internal/platform/db"
)

// logPlace is where a retained log lives: a table and its time column (never request text).
type logPlace struct{ table, column string }

// retainedLogs are the logs the retention task trims, by the name sys_log_retention keys them with.
var retainedLogs = map[string]logPlace{
	"business_log":  {"business_log", "created_at"},
	"login_log":     {"login_log", "created_at"},
	"exception_log": {"exception_log", "created_at"},
	"task_log":      {"sys_task_log", "started_at"},
}

// purgeBatch is how many rows one statement deletes: on SQLite each batch is a short write, so the
// product's own writes take turns with a long purge.
const purgeBatch = 5000

// Retain deletes from every retained log the rows older than its retention days (the task
// "log_retention"), and the scheduled-time claims as old as the task log's.
func Retain(ctx context.Context, d *db.DB, now time.Time) (string, error) {
	days := map[string]int{}
	err := db.EachRow(ctx, d, `SELECT log_name, days FROM sys_log_retention`, nil, func(row db.Row) error {
		var name string
		var n int
		if err := row.Scan(&name, &n); err != nil {
			return err
		}
		days[name] = n
		return nil
	})
	if err != nil {
		return "", err
	}
	var parts []string
	deleted := make([]any, 0, 4)
	for _, name := range []string{"business_log", "exception_log", "login_log", "task_log"} {
		n, ok := days[name]
		if !ok || n < 1 {
			deleted = append(deleted, 0)
			continue
		}
		lt := retainedLogs[name]
		cut := now.UTC().AddDate(0, 0, -n)
		total, err := purge(ctx, d, lt.table, "id", lt.column, cut)
		if err != nil {
			return strings.Join(parts, ", "), err
		}
		if name == "task_log" {
			if _, err := d.Exec(ctx, `DELETE FROM sys_task_fire WHERE fire_at < ?`, cut); err != nil {
				return strings.Join(parts, ", "), err
			}
		}
		parts = append(parts, fmt.Sprintf("%s: %d (%d d)", name, total, n))
		deleted = append(deleted, total)
	}
	return Say("task.msg.retention", deleted...), nil
}

// purge deletes the rows of table whose column is before cut, a batch at a time.
func purge(ctx context.Context, d *db.DB, table, id, column string, cut time.Time) (int64, error) {
	var total int64
	for {
		res, err := d.Exec(ctx, `DELETE FROM `+table+` WHERE `+id+` IN (SELECT `+id+` FROM `+table+` WHERE `+column+` < ? LIMIT `+fmt.Sprint(purgeBatch)+`)`, cut)
		if err != nil {
			return total, err
		}
		n, _ := res.RowsAffected()
		total += n
		if n < purgeBatch || ctx.Err() != nil {
			return total, ctx.Err()
		}
	}
}
