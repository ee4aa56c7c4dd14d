import { useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { usePreviewTicket } from '../../api/hooks/portal';
import type { FileRef } from '../../api/library';
import { FILE_DOWN_PATH } from '../../api/upload';
import { API_BASE } from '../../app/config';
import { useI18n } from '../../i18n';
import { inlineUrl, previewKind } from './files';
import styles from './portal.module.css';

/**
 * A PDF or an image shown in the page: the server serves it inline (frame-ancestors 'self') to a single-use ticket
 * asked for this one view, so the session token never goes into a URL.
 */
export default function FilePreview({ file, onClose, onDownload }: { file: FileRef; onClose(): void; onDownload(): void }) {
  const { t } = useI18n();
  const kind = previewKind(file.name);
  // the client has toasted a failure; the preview says so in place with a retry
  const ticket = usePreviewTicket(FILE_DOWN_PATH, file.id);
  const src = ticket.data && !ticket.isFetching ? inlineUrl(API_BASE, file.id, ticket.data.ticket) : undefined;
  // an image the browser could not show (its ticket is spent): failed until a retry brings a new one
  const [brokenSrc, setBrokenSrc] = useState<string>();
  const failed = ticket.isError || (!!src && brokenSrc === src);

  let body;
  if (failed) {
    body = (
      <Result
        status="warning"
        title={t('portal.preview.failed')}
        extra={
          <Button onClick={() => void ticket.refetch()} data-testid="preview-retry">
            {t('portal.retry')}
          </Button>
        }
      />
    );
  } else if (!src) {
    body = (
      <div className={styles.previewBody}>
        <Spin description={t('common.loading')}>
          <div style={{ width: 120, height: 40 }} />
        </Spin>
      </div>
    );
  } else if (kind === 'pdf') {
    body = <iframe className={styles.previewFrame} src={src} title={t('portal.preview.of', { name: file.name })} data-testid="preview-frame" />;
  } else {
    body = <img className={styles.previewImage} src={src} alt={file.name} data-testid="preview-frame" onError={() => setBrokenSrc(src)} />;
  }

  return (
    <section className={styles.preview} aria-label={t('portal.preview.of', { name: file.name })} data-testid="file-preview">
      <div className={styles.previewHead}>
        <span>{file.name}</span>
        <span>
          <Button type="text" size="small" icon={<DownloadOutlined />} onClick={onDownload} aria-label={t('portal.file.downloadOne', { name: file.name })} />
          <Button type="text" size="small" icon={<CloseOutlined />} onClick={onClose} aria-label={t('portal.preview.close')} data-testid="preview-close" />
        </span>
      </div>
      {body}
    </section>
  );
}
