import { Button, Modal, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { exportFileOf, JOB_FILE, type Job } from '../../api/jobs';
import { shownByClient } from '../../api/hooks/useWrite';
import { t, useI18n } from '../../i18n';
import JobProgress from '../JobProgress';
import { openExport } from './ExportButton';

/** The file an export job made, once done: its rows and a download button (a ticket, the owner only). */
export function ExportJobFile({ job }: { job: Job }) {
  useI18n();
  const file = exportFileOf(job);
  if (!file) return job.kind === 'export' && job.state === 'done' ? <Typography.Text type="secondary">{t('job.export.expired')}</Typography.Text> : null;
  return (
    <Space>
      <Typography.Text data-testid="job-export-ready">{t('job.export.ready', { rows: file.rows })}</Typography.Text>
      <Button type="primary" size="small" icon={<DownloadOutlined />} data-testid="job-file" onClick={() => void openExport(JOB_FILE, { id: String(job.id) }).catch(shownByClient)}>
        {t('job.export.download')}
      </Button>
    </Space>
  );
}

/** The dialog of an export made in the background: its progress, then its file. */
export default function ExportJobDialog({ id, onClose }: { id: number; onClose(): void }) {
  useI18n();
  return (
    <Modal open title={t('job.export.title')} footer={null} onCancel={onClose} destroyOnHidden data-testid="export-job">
      <JobProgress id={id} result={(job) => <ExportJobFile job={job} />} />
    </Modal>
  );
}
