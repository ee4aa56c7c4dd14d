/** Calls of the caller's own jobs: long work in the background (an import sent there, a conversion). */
import { call, callValue, defineApis, type CallOptions } from './client';
import type { GetPath } from './routes';
import type { components } from './schema';

export type Job = components['schemas']['TasksJobView'];

const apis = defineApis({
  jobGet: { method: 'GET', path: '/api/sys/job/get' },
  jobMine: { method: 'GET', path: '/api/sys/job/mine' },
  jobCancel: { method: 'POST', path: '/api/sys/job/cancel' },
  exportStart: { method: 'POST', path: '/api/sys/export/start' },
});

/** The download of an export job's file (a ticket opens it). */
export const JOB_FILE = '/api/sys/job/file' satisfies GetPath;

/** An export job's result (the job's result is JSON the document leaves open). */
export interface ExportFileResult {
  name: string;
  size: number;
  rows: number;
  /** the file was removed (kept one day) */
  expired: boolean;
}

/** Whether a job is an export whose file can be downloaded. */
export const exportFileOf = (j: Job): ExportFileResult | undefined =>
  j.kind === 'export' && j.state === 'done' && j.result && !(j.result as ExportFileResult).expired ? (j.result as ExportFileResult) : undefined;

/** Whether a job has ended (done, failed or cancelled). */
export const jobEnded = (j?: Pick<Job, 'state'>) => !!j && j.state !== 'queued' && j.state !== 'running';

export const getJob = (id: number, opts?: CallOptions) => callValue(apis.jobGet, { id }, opts);
export const myJobs = (opts?: CallOptions) => call(apis.jobMine, undefined, opts);
export const cancelJob = (id: number) => call(apis.jobCancel, { id });
/**
 * Before a list export: its row count and, over the threshold (system parameter export.background_rows), the job
 * making its file in the background (jobId 0: download the export at once).
 */
export const startExport = (path: string, query: string) => callValue(apis.exportStart, { path, query });
