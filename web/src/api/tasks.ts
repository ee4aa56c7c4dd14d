/** Calls of the scheduled tasks (/task_manager) and the task log (/task_log). */
import { call, callValue, callList, defineApis, type CallOptions } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';

type Schemas = components['schemas'];
export type Task = Schemas['TasksRow'];
export type TaskRun = Schemas['TasksLogRow'];
export type CronPreview = Schemas['TasksPreview'];
export type Retention = Schemas['TasksRetention'];

const apis = defineApis({
  taskList: { method: 'GET', path: '/api/sys/task/list' },
  taskPreview: { method: 'GET', path: '/api/sys/task/preview' },
  taskUpdate: { method: 'POST', path: '/api/sys/task/update' },
  taskEnable: { method: 'POST', path: '/api/sys/task/enable' },
  taskRun: { method: 'POST', path: '/api/sys/task/run' },
  taskRetention: { method: 'GET', path: '/api/sys/task/retention' },
  taskRetentionSet: { method: 'POST', path: '/api/sys/task/retention' },
  taskLogList: { method: 'GET', path: '/api/sys/taskLog/list' },
  taskLogCancel: { method: 'POST', path: '/api/sys/taskLog/cancel' },
});

export const TASK_LOG_EXPORT = '/api/sys/taskLog/export' satisfies GetPath;

/** Server limits (internal/tasks). */
export const TASK_LIMITS = { cron: 100, timeoutSec: 1800, retries: 10, days: 3650 } as const;

export interface TaskSettings {
  code: string;
  cron: string;
  overlap: string;
  misfire: string;
  timeoutSec: number;
  retries: number;
}

export const listTasks = () => call(apis.taskList);
export const previewCron = (cron: string, opts?: CallOptions) => callValue(apis.taskPreview, { cron }, opts);
export const updateTask = (s: TaskSettings) => call(apis.taskUpdate, { ...s });
export const enableTask = (code: string, enabled: boolean) => call(apis.taskEnable, { code, enabled });
export const runTask = (code: string) => callValue(apis.taskRun, { code });
export const listRetention = () => call(apis.taskRetention);
export const setRetention = (log: string, days: number) => call(apis.taskRetentionSet, { log, days });
export const listTaskLog = (p: Record<string, string>) => callList(apis.taskLogList, p);
export const cancelTaskRun = (id: number) => call(apis.taskLogCancel, { id });
