import { useState } from 'react';
import { Button, Drawer, Grid, Result, Skeleton, Space, Typography } from 'antd';
import {
  BankOutlined,
  CalendarOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
} from '@ant-design/icons';
import type { FileRef, LibType } from '../../api/library';
import type { PortalHit, PortalRecord } from '../../api/portal';
import { useLibraryTypes } from '../../api/hooks/library';
import { failureText, usePortalRecord } from '../../api/hooks/portal';
import { FILE_DOWN_PATH } from '../../api/upload';
import { shownByClient } from '../../api/hooks/useWrite';
import { openExport } from '../../components/list/ExportButton';
import { useI18n } from '../../i18n';
import { RecordFields } from '../library/RecordFields';
import AddToPackButton from './AddToPackButton';
import FilePreview from './FilePreview';
import { previewKind, recordFiles } from './files';
import { ExpiryBadge, TypeTag } from './HitCard';
import { useRecordDrawer } from './recordParam';
import styles from './portal.module.css';

const str = (v: unknown) => (v == null ? '' : String(v));

/** What the bid pack and its buttons need of a record shown in the drawer. */
export function hitOfRecord(rec: PortalRecord, files: number): PortalHit {
  return {
    id: rec.id,
    type: rec.type,
    typeName: rec.typeName,
    tab: rec.tab,
    title: str(rec.title),
    summary: '',
    unitName: str(rec.unitCodeName),
    date: '',
    validTo: str(rec.validTo),
    // the pack lists what the drawer shows; a contract's period is the drawer's fields, not the pack's
    period: false,
    validFrom: '',
    expiry: (rec.expiry as PortalHit['expiry']) || '',
    downloads: rec.downloads ?? 0,
    fileCount: files,
    tags: Array.isArray(rec.tags) ? (rec.tags as PortalHit['tags']) : [],
    createdAt: str(rec.createdAt),
    highlights: {},
  };
}

const fileIcon = (name: string) => {
  const k = previewKind(name);
  return k === 'pdf' ? <FilePdfOutlined /> : k === 'image' ? <FileImageOutlined /> : <FileOutlined />;
};

const download = (f: FileRef) => void openExport(FILE_DOWN_PATH, { id: String(f.id) }).catch(shownByClient);

/** The files of a record: preview (PDF, images) and download, each recorded by the server. */
function FilesPanel({ files }: { files: (FileRef & { field: string })[] }) {
  const { t } = useI18n();
  const [shown, setShown] = useState<FileRef>();
  if (!files.length) return <Typography.Text type="secondary">{t('portal.file.none')}</Typography.Text>;
  return (
    <>
      <ul className={styles.files} data-testid="record-files">
        {files.map((f) => (
          <li key={f.id} className={styles.file} data-testid={`record-file-${f.id}`}>
            <span className={styles.fileIcon} aria-hidden>
              {fileIcon(f.name)}
            </span>
            <span className={styles.fileName}>
              <span title={f.name}>{f.name || `#${f.id}`}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {f.field}
              </Typography.Text>
            </span>
            <span className={styles.fileActions}>
              {previewKind(f.name) && (
                <Button
                  type={shown?.id === f.id ? 'link' : 'text'}
                  icon={<EyeOutlined />}
                  onClick={() => setShown(shown?.id === f.id ? undefined : f)}
                  aria-label={t('portal.preview.of', { name: f.name })}
                  aria-pressed={shown?.id === f.id}
                  data-testid={`file-preview-${f.id}`}
                >
                  <span className={styles.hideXs}>{t('portal.preview')}</span>
                </Button>
              )}
              <Button
                type="text"
                icon={<DownloadOutlined />}
                onClick={() => download(f)}
                aria-label={t('portal.file.downloadOne', { name: f.name })}
                data-testid={`file-download-${f.id}`}
              >
                <span className={styles.hideXs}>{t('portal.download')}</span>
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {shown && <FilePreview key={shown.id} file={shown} onClose={() => setShown(undefined)} onDownload={() => download(shown)} />}
    </>
  );
}

const NO_TYPES: LibType[] = [];

/**
 * The detail drawer of the portal, on every portal screen: the route query's `id` opens it. The record's fields
 * (labels and kinds from GET /api/library/types, shown as the admin library shows them), its files with preview and
 * download, and 'add to my bid pack'.
 */
export default function RecordDrawer() {
  const { t, lang } = useI18n();
  const screens = Grid.useBreakpoint();
  const { id, close } = useRecordDrawer();
  const recQuery = usePortalRecord(id, lang);
  const rec = id ? recQuery.data : undefined;
  const error = recQuery.isError && !recQuery.isFetching ? failureText(recQuery.error, t('msg.operationException')) : undefined;
  // types that could not be read (the client has shown why): the fields show without their labels' kinds
  const typesQuery = useLibraryTypes(lang);
  const types = typesQuery.isError ? NO_TYPES : typesQuery.data?.types;

  const type = rec && types?.find((x) => x.key === rec.type);
  const files = rec ? recordFiles(type, rec) : [];
  const hit = rec ? hitOfRecord(rec, files.length) : undefined;
  // files fields the server left out for an external account (personal data): named, never offered for download
  const masked = Array.isArray(rec?.masked) ? (rec.masked as string[]) : [];
  const staffOnly = (type?.fields ?? []).filter((f) => f.kind === 'files' && masked.includes(f.key)).map((f) => f.label);
  const loading = !!id && !error && (!rec || !types);

  let body;
  if (error) {
    body = (
      <Result
        status="warning"
        title={error}
        data-testid="record-error"
        extra={
          <Space>
            <Button onClick={() => void recQuery.refetch()}>{t('portal.retry')}</Button>
            <Button type="primary" onClick={close}>
              {t('common.close')}
            </Button>
          </Space>
        }
      />
    );
  } else if (loading || !rec) {
    body = <Skeleton active paragraph={{ rows: 8 }} data-testid="record-loading" />;
  } else {
    body = (
      <>
        <div className={styles.drawerMeta}>
          <TypeTag hit={{ type: rec.type, typeName: rec.typeName }} />
          <ExpiryBadge hit={{ expiry: (rec.expiry as PortalHit['expiry']) || '', validTo: str(rec.validTo) }} />
          {hit?.unitName && (
            <span>
              <BankOutlined aria-hidden /> {hit.unitName}
            </span>
          )}
          {rec.updatedAt && (
            <span>
              <CalendarOutlined aria-hidden /> {t('portal.record.updated', { date: str(rec.updatedAt).slice(0, 10) })}
            </span>
          )}
          <span>
            <DownloadOutlined aria-hidden /> {t('portal.hit.downloads', { n: rec.downloads ?? 0 })}
          </span>
        </div>
        {type ? (
          <RecordFields type={type} rec={rec} column={screens.md ? 2 : 1} skipEmpty skipKinds={['files']} />
        ) : null}
        {type?.fields.some((f) => f.kind === 'files') !== false && (
          <section className={styles.drawerSection} aria-labelledby="record-files-title">
            <h3 id="record-files-title" className={styles.drawerSectionTitle}>
              {t('portal.file.title', { n: files.length })}
            </h3>
            <FilesPanel key={rec.id} files={files} />
            {staffOnly.length > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="record-files-masked">
                {t('portal.file.staffOnly', { fields: staffOnly.join(lang === 'en' ? ', ' : '、') })}
              </Typography.Paragraph>
            )}
          </section>
        )}
      </>
    );
  }

  return (
    <Drawer
      open={!!id}
      onClose={close}
      size={screens.md ? 760 : '100%'}
      title={<span data-testid="record-title">{rec ? str(rec.title) : t('portal.record.title')}</span>}
      extra={hit ? <AddToPackButton hit={hit} /> : undefined}
      destroyOnHidden
      closable={{ 'aria-label': t('common.close') }}
    >
      <div data-testid="record-drawer" data-record-id={id}>
        {body}
      </div>
    </Drawer>
  );
}
