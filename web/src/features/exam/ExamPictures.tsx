import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Modal, Spin, Tooltip, Typography } from 'antd';
import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { uploadPicture, type PictureSource } from '../../api/exam';
import { useKeepPicture, usePicture } from '../../api/hooks/exam';
import { deleteUpload } from '../../api/upload';
import { readImageSize } from '../../components/upload/imageRules';
import { t, useI18n } from '../../i18n';
import { fitting, PICTURE_ACCEPT, pictureProblem } from './pictures';
import styles from './pictures.module.css';

/** Which route the pictures below are read through: the examiners' (default) or the taker's open attempt. */
const SourceContext = createContext<PictureSource>({ channel: 'examiner' });

export function PictureSourceProvider({ source, children }: { source: PictureSource; children: ReactNode }) {
  return <SourceContext.Provider value={source}>{children}</SourceContext.Provider>;
}

/** An object URL of a blob while the component shows it; revoked when the component is unmounted or the blob changes. */
export function useObjectUrl(blob?: Blob): string | undefined {
  const [made, setMade] = useState<{ blob: Blob; url: string }>();
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setMade({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return made && made.blob === blob ? made.url : undefined;
}

type Size = 'stem' | 'option' | 'thumb' | 'mini';

/**
 * One picture of a stem or an option: its bytes asked with the caller's credentials (never a bare <img src>), fitted
 * to the column, with its alt text; a button that opens it large (Esc or the close button closes it).
 */
export function Picture({ id, alt, size = 'stem' }: { id: number; alt: string; size?: Size }) {
  useI18n();
  const q = usePicture(useContext(SourceContext), id);
  const url = useObjectUrl(q.data);
  const [open, setOpen] = useState(false);
  if (q.isError)
    return (
      <span className={styles.failed} role="img" aria-label={alt} data-testid={`exam-pic-failed-${id}`}>
        <PictureOutlined /> {q.error.message || t('exam.pic.failed')}
      </span>
    );
  if (!url)
    return (
      <span className={`${styles.loading} ${styles[size]}`} aria-busy="true" aria-label={alt}>
        <Spin size="small" />
      </span>
    );
  return (
    <>
      <button type="button" className={styles.open} onClick={() => setOpen(true)} aria-label={t('exam.pic.enlarge', { alt })} data-testid={`exam-pic-${id}`}>
        <img src={url} alt={alt} className={styles[size]} />
      </button>
      {open && (
        <Modal open title={alt} footer={null} width={960} centered onCancel={() => setOpen(false)} data-testid="exam-pic-large">
          <img src={url} alt={alt} className={styles.large} data-testid="exam-pic-large-img" />
        </Modal>
      )}
    </>
  );
}

/** A stem's pictures in a row that wraps; alt texts numbered after label (题干图片 1…). */
export function Pictures({ ids, label, size = 'stem' }: { ids?: readonly number[] | null; label: string; size?: Size }) {
  if (!ids?.length) return null;
  return (
    <div className={styles.row}>
      {ids.map((id, i) => (
        <Picture key={id} id={id} alt={ids.length > 1 ? `${label} ${i + 1}` : label} size={size} />
      ))}
    </div>
  );
}

/** Removing a picture uploaded in this editor and taken off again is tidying: when it fails, the unlinked file stays. */
const tidyingOnly = (): void => undefined;

/**
 * The editor's pictures of a stem (up to max) or an option (max 1): choose files (checked first: jpg or png, under
 * 2 MB, an image the browser can read; then sent, the server checks again), see them, open them large, remove them.
 * Every refusal is shown under the control with the file's name until the next choice. The value is the file ids.
 */
export function PictureField({
  value,
  onChange,
  max,
  label,
  compact,
  testId,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  max: number;
  /** what the pictures are of, for their alt texts and the buttons' names (题干图片, 选项 A 的图片) */
  label: string;
  /** an option's: a small thumbnail and an icon button */
  compact?: boolean;
  testId: string;
}) {
  useI18n();
  const ids = value ?? [];
  const input = useRef<HTMLInputElement>(null);
  const keep = useKeepPicture();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  // uploads finish later: add to the value of that moment
  const latest = useRef(ids);
  latest.current = ids;
  // uploaded by this editor and not saved yet: removing one deletes it on the server
  const fresh = useRef(new Set<number>());

  const choose = async (files: File[]) => {
    const found: string[] = [];
    const { take, left } = fitting(files, latest.current.length, max);
    if (left > 0) found.push(t('exam.pic.tooMany', { n: max }));
    setBusy(true);
    for (const file of take) {
      const key = pictureProblem(file) ?? pictureProblem(file, (await readImageSize(file)) !== null);
      if (key) {
        found.push(`${file.name}: ${t(key)}`);
        continue;
      }
      try {
        const up = await uploadPicture(file);
        keep(up.id, file);
        fresh.current.add(up.id);
        latest.current = [...latest.current, up.id];
        onChange?.(latest.current);
      } catch (e) {
        found.push(`${file.name}: ${e instanceof Error && e.message ? e.message : t('msg.operationException')}`);
      }
    }
    setBusy(false);
    setProblems(found);
  };

  const remove = (id: number) => {
    onChange?.(ids.filter((x) => x !== id));
    if (fresh.current.delete(id)) void deleteUpload(id, { silent: true }).catch(tidyingOnly);
  };

  const name = (i: number) => (ids.length > 1 ? `${label} ${i + 1}` : label);
  const addText = compact ? t('exam.pic.addTo', { label }) : t('exam.pic.add');
  return (
    <div className={compact ? styles.fieldCompact : styles.field} data-testid={testId}>
      <div className={styles.row}>
        {ids.map((id, i) => (
          <span key={id} className={styles.item} data-testid={`${testId}-item`}>
            <Picture id={id} alt={name(i)} size={compact ? 'mini' : 'thumb'} />
            <Button
              size="small"
              type="text"
              danger
              icon={<CloseOutlined />}
              aria-label={t('exam.pic.remove', { name: name(i) })}
              title={t('exam.pic.remove', { name: name(i) })}
              onClick={() => remove(id)}
              data-testid={`${testId}-remove-${i}`}
            />
          </span>
        ))}
        {ids.length < max && (
          <Tooltip title={compact ? addText : undefined}>
            <Button
              icon={<PictureOutlined />}
              loading={busy}
              aria-label={addText}
              onClick={() => input.current?.click()}
              data-testid={`${testId}-add`}
            >
              {compact ? null : addText}
            </Button>
          </Tooltip>
        )}
        <input
          ref={input}
          type="file"
          style={{ display: 'none' }}
          tabIndex={-1}
          aria-hidden="true"
          accept={PICTURE_ACCEPT}
          multiple={max > 1}
          data-testid={`${testId}-file`}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (files.length) void choose(files);
          }}
        />
      </div>
      {!compact && (
        <Typography.Text type="secondary" className={styles.hint}>
          {t('exam.pic.hint', { n: max })}
        </Typography.Text>
      )}
      {problems.length > 0 && (
        <div role="alert" className={styles.problems} data-testid={`${testId}-problems`}>
          {problems.map((p, i) => (
            <Typography.Text key={i} type="danger">
              {p}
            </Typography.Text>
          ))}
        </div>
      )}
    </div>
  );
}
