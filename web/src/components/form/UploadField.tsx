import { useRef, useState } from 'react';
import { Button, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import { t, useI18n } from '../../i18n';
import { uploadProblem, type UploadedFile, type Uploader } from './fields';

interface Props {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  /** allowed suffixes, a comma list compared case-insensitively */
  accept: string;
  maxSizeMB?: number;
  maxCount?: number;
  /** sends a file; without one the file is only checked in the browser */
  uploader?: Uploader;
  disabled?: boolean;
  testId?: string;
}

/** The picker's accept attribute: '.pdf,.docx' from 'pdf, DOCX'. */
export const acceptAttr = (accept: string) =>
  accept
    .split(',')
    .map((s) => s.trim().replace(/^\.?/, '.'))
    .filter((s) => s !== '.')
    .join(',');

/**
 * File upload with the checks of spec sections 5 and 9: the suffix must be in the list (any case) and the file not
 * above the size limit; a refused file is named in a warning and not added. Progress shows while it is sent.
 */
export default function UploadField({ value = [], onChange, accept, maxSizeMB, maxCount, uploader, disabled, testId }: Props) {
  useI18n();
  // files still being sent, with their progress (the value holds only finished ones)
  const [pending, setPending] = useState<UploadFile[]>([]);

  const fileList: UploadFile[] = [...value.map((f) => ({ uid: f.uid, name: f.name, size: f.size, url: f.url, status: 'done' as const })), ...pending];

  // uploads finish later: add to the value of that moment, not of the render that started them
  const latest = useRef(value);
  latest.current = value;
  const finish = (uid: string, done?: UploadedFile) => {
    setPending((list) => list.filter((f) => f.uid !== uid));
    if (!done) return;
    latest.current = [...latest.current, done].slice(-(maxCount ?? Infinity));
    onChange?.(latest.current);
  };

  return (
    <Upload
      data-testid={testId}
      accept={acceptAttr(accept)}
      multiple={maxCount !== 1}
      disabled={disabled}
      fileList={fileList}
      beforeUpload={(file) => {
        const p = uploadProblem([file], accept, maxSizeMB);
        if (!p) return true;
        toast('warning', `${file.name}: ${t(p.key, p.vars)}`);
        return Upload.LIST_IGNORE;
      }}
      customRequest={({ file }) => {
        const f = file as File & { uid: string };
        const base = { uid: f.uid, name: f.name, size: f.size };
        if (!uploader) return finish(f.uid, base);
        setPending((list) => [...list, { ...base, status: 'uploading', percent: 0 }]);
        const progress = (percent: number) => setPending((list) => list.map((x) => (x.uid === f.uid ? { ...x, percent } : x)));
        uploader(f, progress).then(
          ({ url }) => finish(f.uid, { ...base, url }),
          () => {
            toast('error', t('form.uploadFailed', { name: f.name }));
            finish(f.uid);
          },
        );
      }}
      onRemove={(file) => onChange?.(value.filter((f) => f.uid !== file.uid))}
    >
      <Button icon={<UploadOutlined />} disabled={disabled || (maxCount != null && value.length >= maxCount)}>
        {t('form.upload')}
      </Button>
    </Upload>
  );
}
