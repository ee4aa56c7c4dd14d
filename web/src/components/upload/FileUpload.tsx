import { useRef, useState } from 'react';
import { Button, Typography, Upload, type UploadFile } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import { deleteUpload, FILE_DOWN_PATH, uploadFile, type UploadedFile, type UploadModule } from '../../api/upload';
import { shownByClient } from '../../api/hooks/useWrite';
import { t, useI18n } from '../../i18n';
import { useConfigValue } from '../../lib/siteConfig';
import { acceptAttr } from '../form/UploadField';
import { uploadProblem, type FieldDescriptor } from '../form/fields';
import { openExport } from '../list/ExportButton';
import { IMAGE_SUFFIXES, imageProblem, readImageSize } from './imageRules';

/** A file of the value: the server's answer plus the list's uid (the form's UploadedFile shape, with the file id). */
export type FileItem = UploadedFile & { uid: string };

/** The file ids of a value, what a record's form sends. */
export const fileIds = (value?: FileItem[]) => (value ?? []).map((f) => f.id);

/** Files already linked to a record, as a value (record areas answer their files with the upload's fields). */
export const toFileItems = (files: UploadedFile[]) => files.map((f) => ({ ...f, uid: String(f.id) }));

/** The server's defaults (internal/files) until the system parameters have answered. */
const DEFAULT_MAX_MB = 50;
const DEFAULT_SUFFIXES = 'pdf,doc,docx,xls,xlsx,ppt,pptx,txt,jpg,jpeg,png,zip,rar';

export interface FileUploadProps {
  value?: FileItem[];
  onChange?: (files: FileItem[]) => void;
  /** 'file' (default): the server's disk or object store; 'image': a banner or cover image under the spec's rules */
  variant?: 'file' | 'image';
  /** where files go: the disk (default) or the S3-compatible object store */
  store?: 'disk' | 'oss';
  /** what the upload is for (upload statistics) */
  module?: UploadModule;
  /** narrower than the configured suffixes (a comma list, any case) */
  accept?: string;
  /** smaller than the configured limit */
  maxSizeMB?: number;
  maxCount?: number;
  disabled?: boolean;
  /** the record a download is made from (download statistics) */
  recordType?: string;
  recordId?: number;
  testId?: string;
  /** as a described form's widget: the upload descriptor's accept, maxSizeMB and maxCount apply */
  field?: FieldDescriptor;
}

interface Pending {
  uid: string;
  name: string;
  size: number;
  percent: number;
  abort: AbortController;
}

/**
 * Upload with progress (spec sections 2, 5, 7, 9): the configured suffixes and size (system parameters
 * upload.allowed_suffixes and upload.max_size_mb) or, for images, the spec's jpg/png, 2 MB and 345*150 rules are
 * checked in the browser first and again by the server. The value is the list of uploaded files (id, name, size,
 * url); a file removed before the form is saved is deleted on the server; a name opens the download.
 */
/**
 * Removing a file uploaded in this form and taken off again is tidying (a silent call): when it fails the file stays
 * on the server unreferenced by any record, nothing the user must act on.
 */
const tidyingOnly = (): void => undefined;

export default function FileUpload(props: FileUploadProps) {
  useI18n();
  const fromField = props.field?.type === 'upload' ? props.field : undefined;
  const { value = [], onChange, variant = 'file', store = 'disk', module, disabled, recordType, recordId, testId } = props;
  const maxCount = props.maxCount ?? fromField?.maxCount;
  const image = variant === 'image';

  const configuredMB = useConfigValue<number>('upload.max_size_mb') ?? DEFAULT_MAX_MB;
  const configuredSuffixes = useConfigValue<string>('upload.allowed_suffixes') || DEFAULT_SUFFIXES;
  const accept = image ? IMAGE_SUFFIXES : (props.accept ?? fromField?.accept ?? configuredSuffixes);
  const ownMB = props.maxSizeMB ?? fromField?.maxSizeMB;
  const maxMB = ownMB != null ? Math.min(ownMB, configuredMB) : configuredMB;

  const [pending, setPending] = useState<Pending[]>([]);
  // ids uploaded by this control: removing one deletes it on the server (no record links it yet)
  const fresh = useRef(new Set<number>());
  // uploads finish later: add to the value of that moment, not of the render that started them
  const latest = useRef(value);
  latest.current = value;

  const finish = (uid: string, done?: UploadedFile) => {
    setPending((list) => list.filter((p) => p.uid !== uid));
    if (!done) return;
    fresh.current.add(done.id);
    // the same uid as while it was sent, so the list item turns from progress to done in place
    latest.current = [...latest.current, { ...done, uid }];
    onChange?.(latest.current);
  };

  /** The first rule the file breaks, in words, or null. */
  const problem = async (file: File): Promise<string | null> => {
    if (image) {
      const key = imageProblem(file) ?? imageProblem(file, await readImageSize(file));
      return key ? t(key) : null;
    }
    const p = uploadProblem([file], accept, maxMB);
    return p ? t(p.key, p.vars) : null;
  };

  const send = (file: File & { uid: string }) => {
    const abort = new AbortController();
    setPending((list) => [...list, { uid: file.uid, name: file.name, size: file.size, percent: 0, abort }]);
    const onProgress = (percent: number) => setPending((list) => list.map((p) => (p.uid === file.uid ? { ...p, percent } : p)));
    uploadFile(image ? 'banner' : store, file, { module, onProgress, signal: abort.signal }).then(
      (done) => finish(file.uid, done),
      () => finish(file.uid), // the client has shown the server's message
    );
  };

  const remove = (uid: string) => {
    const p = pending.find((x) => x.uid === uid);
    if (p) {
      p.abort.abort();
      return;
    }
    const f = value.find((x) => x.uid === uid);
    if (!f) return;
    onChange?.(value.filter((x) => x.uid !== uid));
    if (fresh.current.delete(f.id)) void deleteUpload(f.id, { silent: true }).catch(tidyingOnly);
  };

  const open = (uid: string) => {
    const f = value.find((x) => x.uid === uid);
    if (!f) return;
    if (image) window.open(f.url, '_blank', 'noopener,noreferrer');
    else {
      const params: Record<string, string> = { id: String(f.id) };
      if (recordType) params.recordType = recordType;
      if (recordId) params.recordId = String(recordId);
      openExport(FILE_DOWN_PATH, params).catch(shownByClient);
    }
  };

  const fileList: UploadFile[] = [
    ...value.map((f) => ({ uid: f.uid, name: f.name, size: f.size, status: 'done' as const, thumbUrl: image ? f.url : undefined })),
    // a finished upload is in the value before the form's new value and this list's state render together: never twice
    ...pending
      .filter((p) => !value.some((f) => f.uid === p.uid))
      .map((p) => ({ uid: p.uid, name: p.name, size: p.size, status: 'uploading' as const, percent: p.percent })),
  ];
  const full = maxCount != null && value.length + pending.length >= maxCount;
  const hint = image ? t('upload.imageHint') : t('upload.hint', { list: accept.split(',').map((s) => s.trim()).join(', '), n: maxMB });

  return (
    <div data-testid={testId}>
      <Upload
        accept={acceptAttr(accept)}
        multiple={maxCount !== 1}
        disabled={disabled}
        listType={image ? 'picture-card' : 'text'}
        fileList={fileList}
        beforeUpload={async (file) => {
          const p = await problem(file);
          if (!p) return true;
          toast('warning', `${file.name}: ${p}`);
          return Upload.LIST_IGNORE;
        }}
        customRequest={({ file }) => send(file as File & { uid: string })}
        onRemove={(file) => {
          remove(file.uid);
          return false; // the value changes through onChange
        }}
        onPreview={(file) => open(file.uid)}
        showUploadList={{ showPreviewIcon: image, showRemoveIcon: !disabled }}
      >
        {full || disabled ? null : image ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('upload.imageButton')}</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined />}>{t('upload.button')}</Button>
        )}
      </Upload>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
        {hint}
      </Typography.Text>
    </div>
  );
}
