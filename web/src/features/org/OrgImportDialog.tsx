import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Space, Steps, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { importOrg, ORG_DOWNLOADS, type ImportProblem, type OrgImportReport } from '../../api/orgAdmin';
import { toast } from '../../api/client';
import { openExport } from '../../components/list/ExportButton';
import { t, useI18n } from '../../i18n';

const MAX_MB = 10;

interface Props {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

/**
 * The organisation import: download the template, choose the filled-in workbook, check it (a dry run lists every
 * bad row with its reason), then import it, all or nothing.
 */
export default function OrgImportDialog({ open, onClose, onImported }: Props) {
  useI18n();
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<OrgImportReport>();
  const [busy, setBusy] = useState<'check' | 'import'>();

  const reset = () => {
    setFile(undefined);
    setReport(undefined);
    setBusy(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };
  const run = (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? 'check' : 'import');
    importOrg(file, dryRun)
      .then((rep) => {
        setReport(rep);
        if (rep.applied) {
          toast('success', t('org.import.done'));
          reset();
          onImported();
        }
      })
      .catch(() => undefined)
      .finally(() => setBusy(undefined));
  };
  const checked = report && report.dryRun;
  const clean = checked && report.problems.length === 0;
  const step = !file ? 0 : clean ? 2 : 1;

  return (
    <Modal
      open={open}
      title={t('org.import.title')}
      width={760}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button disabled={!file} loading={busy === 'check'} onClick={() => run(true)} data-testid="org-import-check">
            {t('org.import.check')}
          </Button>
          <Button type="primary" disabled={!clean || !!busy} loading={busy === 'import'} onClick={() => run(false)} data-testid="org-import-run">
            {t('org.import.run')}
          </Button>
        </Space>
      }
    >
      <Steps
        size="small"
        current={step}
        status={checked && !clean ? 'error' : 'process'}
        style={{ marginBottom: 16 }}
        items={[{ title: t('org.import.step.file') }, { title: t('org.import.step.check') }, { title: t('org.import.step.import') }]}
      />
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Text type="secondary">
          {t('org.import.hint', { mb: MAX_MB })}{' '}
          <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void openExport(ORG_DOWNLOADS.template, {}).catch(() => undefined)} data-testid="org-import-template">
            {t('org.import.template')}
          </Button>
        </Typography.Text>
        <div data-testid="org-import-file">
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          maxCount={1}
          fileList={file ? [{ uid: 'f', name: file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            if (f.size > MAX_MB * 1024 * 1024) {
              toast('error', t('org.import.tooLarge', { mb: MAX_MB }));
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
          <p>{t('org.import.drop')}</p>
        </Upload.Dragger>
        </div>
        {report && <ImportResult report={report} />}
      </Space>
    </Modal>
  );
}

function ImportResult({ report }: { report: OrgImportReport }) {
  const counts = (
    <Descriptions size="small" column={4} bordered>
      <Descriptions.Item label={t('org.import.unitsCreated')}>{report.unitsCreated}</Descriptions.Item>
      <Descriptions.Item label={t('org.import.unitsUpdated')}>{report.unitsUpdated}</Descriptions.Item>
      <Descriptions.Item label={t('org.import.employeesCreated')}>{report.employeesCreated}</Descriptions.Item>
      <Descriptions.Item label={t('org.import.employeesUpdated')}>{report.employeesUpdated}</Descriptions.Item>
    </Descriptions>
  );
  if (report.problems.length === 0) {
    return (
      <>
        <Alert type="success" showIcon message={t('org.import.clean')} data-testid="org-import-clean" />
        {counts}
      </>
    );
  }
  return (
    <>
      <Alert type="error" showIcon message={t('org.import.problems', { n: report.problems.length })} data-testid="org-import-problems" />
      <Table<ImportProblem>
        size="small"
        rowKey={(p) => `${p.sheet}-${p.row}-${p.column}-${p.message}`}
        dataSource={report.problems}
        pagination={{ pageSize: 8, size: 'small' }}
        columns={[
          { title: t('org.import.sheet'), dataIndex: 'sheet', width: 80 },
          { title: t('org.import.row'), dataIndex: 'row', width: 60 },
          { title: t('org.import.column'), dataIndex: 'column', width: 160 },
          { title: t('org.import.message'), dataIndex: 'message' },
        ]}
      />
    </>
  );
}
