import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { FilePdfOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { Courseware } from '../../api/content';
import { useI18n } from '../../i18n';
import styles from './learn.module.css';

/**
 * The learner's pieces, shared by the portal's learning page (/gatewayCourse) and the mobile page (/h5Course):
 * cover cards, titled sections with an empty state that says what to do, and a course's courseware list.
 */

/** Where a pushed item opens: its link names a course (?id=) or a topic (?specialId=). */
export function targetOf(link: string): { course?: number; topic?: number } {
  const q = new URLSearchParams(link.split('?')[1] ?? '');
  const id = Number(q.get('id')) || 0;
  const topic = Number(q.get('specialId')) || 0;
  return id ? { course: id } : topic ? { topic } : {};
}

interface CardProps {
  name: string;
  cover: string;
  meta?: string;
  tag?: string;
  /** a portal address (a Link) or a click */
  to?: string;
  onClick?: () => void;
  testId: string;
}

export function LearnCard({ name, cover, meta, tag, to, onClick, testId }: CardProps) {
  const inner = (
    <>
      {cover ? <img src={cover} alt="" className={styles.cover} loading="lazy" /> : <div className={styles.cover} />}
      <div className={styles.body}>
        {tag && <span className={styles.tag}>{tag}</span>}
        <div className={styles.name} title={name}>
          {name}
        </div>
        {meta && <div className={styles.meta}>{meta}</div>}
      </div>
    </>
  );
  if (to)
    return (
      <Link to={to} className={styles.card} data-testid={testId}>
        {inner}
      </Link>
    );
  return (
    <button type="button" className={styles.card} onClick={onClick} data-testid={testId}>
      {inner}
    </button>
  );
}

export function Section({ title, note, children, testId }: { title: string; note?: string; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.section} data-testid={testId}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {note && <span className={styles.sectionNote}>{note}</span>}
      </div>
      {children}
    </section>
  );
}

export function Grid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

export function EmptyNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={styles.empty} data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * A course's ready courseware: a PDF opens in a new tab and a video plays in place, each through a short-lived
 * signed address asked for at the click (`sig`).
 */
export function WareList({ wares, sig }: { wares: Courseware[]; sig: (id: number) => Promise<{ url: string }> }) {
  const { t } = useI18n();
  const [video, setVideo] = useState<string | null>(null);
  const open = async (w: Courseware) => {
    // the tab is opened within the click (a pop-up blocker allows it), then given the address
    const tab = w.kind === 'video' ? null : window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const { url } = await sig(w.id);
      if (w.kind === 'video') setVideo(url);
      else if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch {
      tab?.close();
    }
  };
  if (!wares.length) return <EmptyNote testId="ware-empty">{t('learn.noCourseware')}</EmptyNote>;
  return (
    <>
      {video && <video src={video} controls autoPlay className={styles.video} data-testid="ware-video" />}
      <div className={styles.wares}>
        {wares.map((w) => (
          <div key={w.id} className={styles.ware} data-testid={`ware-${w.id}`}>
            {w.kind === 'video' ? (
              <PlayCircleOutlined className={`${styles.wareIcon} ${styles.wareIconVideo}`} />
            ) : (
              <FilePdfOutlined className={styles.wareIcon} />
            )}
            <div className={styles.wareText}>
              <div className={styles.wareName} title={w.name}>
                {w.name}
              </div>
              <div className={styles.meta}>{t(w.kind === 'video' ? 'learn.kind.video' : 'learn.kind.pdf')}</div>
            </div>
            <Button type="primary" ghost size="small" onClick={() => void open(w)} data-testid={`ware-open-${w.id}`}>
              {w.kind === 'video' ? t('learn.play') : t('learn.open')}
            </Button>
          </div>
        ))}
      </div>
    </>
  );
}

export const learnStyles = styles;
