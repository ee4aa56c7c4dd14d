import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Space, Steps, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { toast } from '../api/client';
import { shownByClient } from '../api/hooks/useWrite';
import { useJob } from '../api/hooks/jobs';
import JobProgress from './JobProgress';
import { openExport } from './list/ExportButton';
import { t, useI18n } from '../i18n';

import { IMPORT_MAX_MB } from './ImportDialog';

/** One bad cell or row of a check. */
export interface ImportProblem {
  sheet: string;
  row: number;
  column: string;
  message: string;
}

/** What every import answers: whether it was a check, whether it wrote, and every bad row. */
export interface ImportReportBase {
  dryRun: boolean;
  applied: boolean;
  problems: ImportProblem[];
}

export interface ImportDialogProps<R extends ImportReportBase> {
  open: boolean;
  onClose(): void;
  onImported(): void;
  title: string;
  /** what to fill in, shown above the file (the template link follows it) */
  hint: string;
  /** the template's download path (opened with a download ticket) */
  templatePath: string;
  /** query parameters of the template's download (a dynamic table's tableId) */
  templateParams?: Record<string, string>;
  /** checks (dryRun) or imports the file */
  send(file: File, dryRun: boolean): Promise<R>;
  /** imports the file in the background instead (a job: its progress is shown, the page may be left) */
  sendAsync?(file: File): Promise<{ jobId: number }>;
  /** what a clean check would write (counts) */
  summary?(report: R): ReactNode;
  /** data-testid prefix: `${testId}-check`, `-run`, `-template`, `-file`, `-clean`, `-problems` */
  testId: string;
}

/** The dialog of ImportDialog.tsx, with antd's Modal, Upload, Alert and the problems' table. */
export default function ImportDialogBody<R extends ImportReportBase>({ open, onClose, onImported, title, hint, templatePath, templateParams, send, sendAsync, summary, testId }: ImportDialogProps<R>) {
  useI18n();
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<R>();
  const [busy, setBusy] = useState<'check' | 'import'>();
  const [jobId, setJobId] = useState<number>();
  const { data: job } = useJob(jobId);
  const told = useRef<number>(undefined);
  // the import in the background has ended: its report is the job's result
  useEffect(() => {
    if (!job || job.state !== 'done' || told.current === job.id) return;
    told.current = job.id;
    const rep = job.result as R | null;
    if (rep?.applied) {
      toast('success', t('import.done'));
      onImported();
    } else if (rep) setReport(rep);
  }, [job, onImported]);

  const reset = () => {
    setFile(undefined);
    setReport(undefined);
    setBusy(undefined);
    setJobId(undefined);
  };
  // closed from outside (the page closes it once imported): the next opening starts afresh
  useEffect(() => {
    if (open) return;
    setFile(undefined);
    setReport(undefined);
    setJobId(undefined);
  }, [open]);
  const close = () => {
    reset();
    onClose();
  };
  const run = (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? 'check' : 'import');
    if (!dryRun && sendAsync) {
      sendAsync(file)
        .then((out) => setJobId(out.jobId))
        .catch(shownByClient)
        .finally(() => setBusy(undefined));
      return;
    }
    send(file, dryRun)
      .then((rep) => {
        setReport(rep);
        if (rep.applied) {
          toast('success', t('import.done'));
          reset();
          onImported();
        }
      })
      .catch(shownByClient)
      .finally(() => setBusy(undefined));
  };
  const checked = report && report.dryRun;
  const clean = checked && report.problems.length === 0;
  const step = !file ? 0 : clean ? 2 : 1;

  return (
    <Modal
      open={open}
      title={title}
      width={760}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button disabled={!file} loading={busy === 'check'} onClick={() => run(true)} data-testid={`${testId}-check`}>
            {t('import.check')}
          </Button>
          <Button type="primary" disabled={!clean || !!busy || !!jobId} loading={busy === 'import'} onClick={() => run(false)} data-testid={`${testId}-run`}>
            {t('import.run')}
          </Button>
        </Space>
      }
    >
      <Steps
        size="small"
        current={step}
        status={checked && !clean ? 'error' : 'process'}
        style={{ marginBottom: 16 }}
        items={[{ title: t('import.step.file') }, { title: t('import.step.check') }, { title: t('import.step.import') }]}
      />
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Text type="secondary">
          {hint}{' '}
          <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void openExport(templatePath, templateParams ?? {}).catch(shownByClient)} data-testid={`${testId}-template`}>
            {t('import.template')}
          </Button>
        </Typography.Text>
        <div data-testid={`${testId}-file`}>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            maxCount={1}
            fileList={file ? [{ uid: 'f', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              if (f.size > IMPORT_MAX_MB * 1024 * 1024) {
                toast('error', t('import.tooLarge', { mb: IMPORT_MAX_MB }));
                return Upload.LIST_IGNORE;
              }
              setFile(f);
              setReport(undefined);
              return false; // kept here; sent on check and import
            }}
            onRemove={() => reset()}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('import.drop')}</p>
          </Upload.Dragger>
        </div>
        {jobId ? (
          <JobProgress id={jobId} result={(j) => <JobReport report={j.result as R | null} summary={summary} testId={testId} />} />
        ) : (
          report && <ImportResult report={report} summary={summary} testId={testId} />
        )}
      </Space>
    </Modal>
  );
}

/** The report a job of the import ended with: as the import in the request answers it (its problems, or done). */
function JobReport<R extends ImportReportBase>({ report, summary, testId }: { report: R | null; summary?: (r: R) => ReactNode; testId: string }) {
  if (!report) return null;
  if (!report.applied) return <ImportResult report={report} summary={summary} testId={testId} />;
  return (
    <>
      <Alert type="success" showIcon message={t('import.done')} data-testid={`${testId}-done`} />
      {summary?.(report)}
    </>
  );
}

function ImportResult<R extends ImportReportBase>({ report, summary, testId }: { report: R; summary?: (r: R) => ReactNode; testId: string }) {
  if (report.problems.length === 0) {
    return (
      <>
        <Alert type="success" showIcon message={t('import.clean')} data-testid={`${testId}-clean`} />
        {summary?.(report)}
      </>
    );
  }
  return (
    <>
      <Alert type="error" showIcon message={t('import.problems', { n: report.problems.length })} data-testid={`${testId}-problems`} />
      <Table<ImportProblem>
        size="small"
        rowKey={(p) => `${p.sheet}-${p.row}-${p.column}-${p.message}`}
        dataSource={report.problems}
        pagination={{ pageSize: 8, size: 'small' }}
        columns={[
          { title: t('import.sheet'), dataIndex: 'sheet', width: 80 },
          { title: t('import.row'), dataIndex: 'row', width: 60 },
          { title: t('import.column'), dataIndex: 'column', width: 160 },
          { title: t('import.message'), dataIndex: 'message' },
        ]}
      />
    </>
  );
}
