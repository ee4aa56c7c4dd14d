import { Alert, Button, Progress, Space, Typography } from 'antd';
import type { Job } from '../api/jobs';
import { jobEnded } from '../api/jobs';
import { useCancelJob, useJob } from '../api/hooks/jobs';
import { t, useI18n, type MessageKey } from '../i18n';

const STATE_LABEL: Record<Job['state'], MessageKey> = {
  queued: 'job.state.queued',
  running: 'job.state.running',
  done: 'job.state.done',
  failed: 'job.state.failed',
  cancelled: 'job.state.cancelled',
};

/** A job's progress as a bar: rows done of the whole, or an active bar while the whole is not known. */
export function JobBar({ job }: { job: Job }) {
  useI18n();
  const pct = job.total > 0 ? Math.floor((job.done * 100) / job.total) : job.state === 'done' ? 100 : 0;
  const status = job.state === 'failed' || job.state === 'cancelled' ? 'exception' : job.state === 'done' ? 'success' : 'active';
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={2}>
      <Progress percent={pct} status={status} data-testid="job-bar" />
      <Typography.Text type="secondary" data-testid="job-state" data-state={job.state}>
        {t(STATE_LABEL[job.state])}
        {job.total > 0 && ` · ${t('job.rows', { done: job.done, total: job.total })}`}
        {job.total === 0 && job.done > 0 && ` · ${t('job.read', { done: job.done })}`}
      </Typography.Text>
    </Space>
  );
}

/** The state's label of a job. */
export const jobStateLabel = (state: Job['state']) => t(STATE_LABEL[state]);

interface Props {
  id: number;
  /** what the job's result reads as once done (an import's report) */
  result?(job: Job): React.ReactNode;
}

/**
 * The shared progress of long work in the background: the bar, the state, why it failed, a cancel button while it
 * has not ended, and that the page may be left: the job goes on and is found again under "my jobs" in the user
 * menu.
 */
export default function JobProgress({ id, result }: Props) {
  useI18n();
  const { data: job } = useJob(id);
  const cancel = useCancelJob();
  if (!job) return <Progress percent={0} status="active" data-testid="job-bar" />;
  const ended = jobEnded(job);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="job-progress">
      <JobBar job={job} />
      {job.state === 'failed' && <Alert type="error" showIcon message={job.message} data-testid="job-message" />}
      {!ended && (
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text type="secondary">{t('job.leaveHint')}</Typography.Text>
          <Button size="small" danger loading={cancel.isPending} onClick={() => cancel.mutate(job.id)} data-testid="job-cancel">
            {t('job.cancel')}
          </Button>
        </Space>
      )}
      {job.state === 'done' && result?.(job)}
    </Space>
  );
}
