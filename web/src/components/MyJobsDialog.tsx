import { Empty, Modal, Table, Typography } from 'antd';
import type { Job } from '../api/jobs';
import { useMyJobs } from '../api/hooks/jobs';
import { formatTime } from '../lib/format';
import { t, useI18n } from '../i18n';
import { JobBar } from './JobProgress';
import { ExportJobFile } from './list/ExportJobDialog';

interface Props {
  open: boolean;
  onClose(): void;
}

/** "My jobs" (the user menu): the caller's latest long work in the background, with its progress and outcome. */
export default function MyJobsDialog({ open, onClose }: Props) {
  useI18n();
  const { data, isLoading } = useMyJobs(open);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('job.mine')} width={760} destroyOnHidden>
      <Table<Job>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={{ pageSize: 8, size: 'small' }}
        locale={{ emptyText: <Empty description={t('job.none')} /> }}
        data-testid="my-jobs"
        columns={[
          {
            title: t('job.col.what'),
            key: 'what',
            width: 240,
            render: (_, j) => (
              <>
                <div>{j.name}</div>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
                  {j.title}
                </Typography.Text>
              </>
            ),
          },
          { title: t('job.col.progress'), key: 'progress', render: (_, j) => <JobBar job={j} /> },
          {
            title: t('job.col.message'),
            key: 'message',
            width: 200,
            render: (_, j) => (j.kind === 'export' && j.state === 'done' ? <ExportJobFile job={j} /> : j.message),
          },
          { title: t('job.col.createdAt'), dataIndex: 'createdAt', width: 160, render: (v: string) => formatTime(v) },
        ]}
      />
    </Modal>
  );
}
