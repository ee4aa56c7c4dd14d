/** The caller's jobs (api/jobs.ts): one job polled while it runs, and "my jobs". */
import { useQuery } from '@tanstack/react-query';
import { cancelJob, getJob, jobEnded, myJobs, startExport } from '../jobs';
import { resourceKeys } from './keys';
import { useWrite } from './useWrite';

export const jobKeys = resourceKeys('jobs');

/** How often a running job is asked for (ms). */
export const JOB_POLL_MS = 1000;

/** One job, asked for every second until it has ended. */
export const useJob = (id?: number) =>
  useQuery({
    queryKey: jobKeys.one(id),
    queryFn: () => getJob(id as number, { silent: true }),
    enabled: !!id,
    refetchInterval: (q) => (jobEnded(q.state.data) ? false : JOB_POLL_MS),
  });

/** The caller's latest jobs, asked for again every second while one of them runs. */
export const useMyJobs = (enabled = true) =>
  useQuery({
    queryKey: jobKeys.of('mine'),
    queryFn: () => myJobs(),
    enabled,
    refetchInterval: (q) => ((q.state.data ?? []).some((j) => !jobEnded(j)) ? JOB_POLL_MS : false),
  });

/** Cancels one of the caller's jobs. */
export const useCancelJob = () => useWrite((id: number) => cancelJob(id), [jobKeys.all]);

/** Asks an export for its count; over the threshold it starts the job making its file (a new job in "my jobs"). */
export const useStartExport = () => useWrite((v: { path: string; query: string }) => startExport(v.path, v.query), [jobKeys.all]);
