import { useState } from 'react';
import { Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import FileUpload, { type FileItem } from '../../components/upload/FileUpload';
import { useI18n } from '../../i18n';
import { BANNER_HEIGHT, BANNER_WIDTH, ratioOff } from './bannerImage';
import styles from './gatewayManager.module.css';

interface Props {
  /** the image's public address (what the banner stores as imageUrl) */
  value?: string;
  onChange?: (url: string) => void;
  /** shown over the slide as the carousel does */
  title?: string;
}

/** The file name of an image address, for the upload list. */
const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1) || url;

/**
 * The banner's image: the banner upload (jpg/png, under 2 MB, at least 345*150, checked in the browser before sending,
 * with the spec's messages, and again by the server) and a preview at the carousel's 1125:468 with the recommended size.
 * The form's value is the image's address.
 */
export default function BannerImageField({ value, onChange, title }: Props) {
  const { t } = useI18n();
  // the control's own files keep the upload's id (removing a fresh upload deletes it on the server)
  const [items, setItems] = useState<FileItem[]>([]);
  const [size, setSize] = useState<{ url: string; w: number; h: number }>();

  const files: FileItem[] =
    items.length && items[0].url === value
      ? items
      : value
        ? [{ id: 0, uid: 'current', url: value, name: nameOf(value), size: 0, suffix: '' }]
        : [];
  const known = size?.url === value ? size : undefined;

  return (
    <div className={styles.imageField}>
      <FileUpload
        variant="image"
        maxCount={1}
        value={files}
        onChange={(list) => {
          const last = list.at(-1);
          setItems(last ? [last] : []);
          if (last?.width && last.height) setSize({ url: last.url, w: last.width, h: last.height });
          onChange?.(last?.url ?? '');
        }}
        testId="banner-image"
      />
      <div className={styles.previewBox}>
        <Typography.Text type="secondary" className={styles.previewLabel}>
          {t('gm.banner.preview')}
        </Typography.Text>
        <div className={styles.slide} data-testid="banner-preview">
          {value ? (
            <>
              <img
                src={value}
                alt=""
                onLoad={(e) => setSize({ url: value, w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
              />
              {title?.trim() && <div className={styles.slideTitle}>{title.trim()}</div>}
            </>
          ) : (
            <div className={styles.slideEmpty}>
              <PictureOutlined />
              <span>{t('gm.banner.previewEmpty')}</span>
            </div>
          )}
        </div>
        <Typography.Text type="secondary" className={styles.previewNote} data-testid="banner-size-note">
          {t('gm.banner.recommended', { w: BANNER_WIDTH, h: BANNER_HEIGHT })}
          {known && (
            <>
              {' · '}
              {t('gm.banner.actualSize', { w: known.w, h: known.h })}
              {ratioOff(known.w, known.h) && <Typography.Text type="warning">{`, ${t('gm.banner.ratioOff')}`}</Typography.Text>}
            </>
          )}
        </Typography.Text>
      </div>
    </div>
  );
}
