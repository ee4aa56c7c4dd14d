/** Calls of the caller's own jobs: long work in the background (an import sent there, a conversion). */
import { call, callValue, defineApis, type CallOptions } from './client';
import type { components } from './schema';

export type Job = components['schemas']['TasksJobView'];

const apis = defineApis({
  jobGet: { method: 'GET', path: '/api/sys/job/get' },
  jobMine: { method: 'GET', path: '/api/sys/job/mine' },
  jobCancel: { method: 'POST', path: '/api/sys/job/cancel' },
});

/** Whether a job has ended (done, failed or cancelled). */
export const jobEnded = (j?: Pick<Job, 'state'>) => !!j && j.state !== 'queued' && j.state !== 'running';

export const getJob = (id: number, opts?: CallOptions) => callValue(apis.jobGet, { id }, opts);
export const myJobs = (opts?: CallOptions) => call(apis.jobMine, undefined, opts);
export const cancelJob = (id: number) => call(apis.jobCancel, { id });
