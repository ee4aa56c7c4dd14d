import type { MouseEvent, ReactNode } from 'react';
import { Grid, Skeleton, Tag, Tooltip } from 'antd';
import { CalendarOutlined, DownloadOutlined, PaperClipOutlined, PushpinFilled, BankOutlined } from '@ant-design/icons';
import type { HighlightRange, PortalHit } from '../../api/portal';
import { t, useI18n } from '../../i18n';
import AddToPackButton from './AddToPackButton';
import { splitHighlights } from './highlight';
import { useRecordDrawer } from './recordParam';
import { lookOf } from './typeLook';
import styles from './portal.module.css';

/** Text with the server's highlighted ranges as <mark> elements (the text stays text: nothing is parsed as HTML). */
export function Highlighted({ text, ranges }: { text: string; ranges?: HighlightRange[] }) {
  const segments = splitHighlights(text, ranges);
  return (
    <>
      {segments.map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}
    </>
  );
}

/** A material's type as a coloured tag. */
export const TypeTag = ({ hit }: { hit: Pick<PortalHit, 'type' | 'typeName'> }) => <Tag color={lookOf(hit.type).color}>{hit.typeName || hit.type}</Tag>;

/** Expired / expiring, with the date. */
/** A contract's service period, else the validity's end ('' when the record has neither). */
export function hitDates(hit: Pick<PortalHit, 'period' | 'validFrom' | 'validTo'>): string {
  if (!hit.period) return hit.validTo ? t('portal.hit.validTo', { date: hit.validTo }) : '';
  if (hit.validFrom && hit.validTo) return t('portal.hit.period', { from: hit.validFrom, to: hit.validTo });
  return hit.validTo ? t('portal.hit.periodTo', { date: hit.validTo }) : t('portal.hit.periodFrom', { date: hit.validFrom });
}

export function ExpiryBadge({ hit }: { hit: Pick<PortalHit, 'expiry' | 'validTo'> }) {
  const { t } = useI18n();
  if (hit.expiry === 'expired') return <Tag color="red">{t('portal.hit.expired')}</Tag>;
  if (hit.expiry === 'expiring') return <Tag color="orange">{t('portal.hit.expiring')}</Tag>;
  return null;
}

/** The record's title as a link opening its drawer in place (a new tab keeps the address of the drawer). */
export function RecordLink({ hit, className, children }: { hit: Pick<PortalHit, 'id' | 'title'>; className?: string; children?: ReactNode }) {
  const { open, hrefOf } = useRecordDrawer();
  const onClick = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    open(hit.id);
  };
  return (
    <a href={hrefOf(hit.id)} onClick={onClick} className={className} data-testid={`hit-open-${hit.id}`}>
      {children ?? hit.title}
    </a>
  );
}

/** One search hit: type, highlighted title and summary, unit, dates, downloads, files, tags, 'add to my bid pack'. */
export function HitCard({ hit }: { hit: PortalHit }) {
  const { t } = useI18n();
  // a phone: a round button in the card's corner keeps the card short
  const phone = Grid.useBreakpoint().sm === false;
  const pinned = hit.type === 'announcement' && (hit as PortalHit & { pinned?: number | boolean }).pinned;
  return (
    <article className={styles.hit} data-testid={`hit-${hit.id}`} data-type={hit.type}>
      <div className={styles.hitMain}>
        <div className={styles.hitHead}>
          <TypeTag hit={hit} />
          {pinned ? <PushpinFilled className={styles.pin} aria-label={t('portal.pinned')} /> : null}
          <RecordLink hit={hit} className={styles.hitTitle}>
            <Highlighted text={hit.title} ranges={hit.highlights?.title} />
          </RecordLink>
        </div>
        {hit.summary && (
          <div className={styles.hitSummary}>
            <Highlighted text={hit.summary} ranges={hit.highlights?.summary} />
          </div>
        )}
        <div className={styles.hitMeta}>
          {hit.unitName && (
            <span>
              <BankOutlined aria-hidden /> {hit.unitName}
            </span>
          )}
          {hit.date && (
            <span>
              <CalendarOutlined aria-hidden /> {hit.date}
            </span>
          )}
          {(hit.validTo || hit.validFrom) && <span data-testid="hit-dates">{hitDates(hit)}</span>}
          <ExpiryBadge hit={hit} />
          <Tooltip title={t('portal.hit.downloadsHint')}>
            <span aria-label={t('portal.hit.downloads', { n: hit.downloads ?? 0 })}>
              <DownloadOutlined aria-hidden /> {hit.downloads ?? 0}
            </span>
          </Tooltip>
          <Tooltip title={t('portal.hit.filesHint')}>
            <span aria-label={t('portal.hit.files', { n: hit.fileCount ?? 0 })}>
              <PaperClipOutlined aria-hidden /> {hit.fileCount ?? 0}
            </span>
          </Tooltip>
        </div>
        {hit.tags?.length > 0 && (
          <div className={styles.hitTags}>
            {hit.tags.map((tg) => (
              <Tag key={tg.id} color={tg.color || undefined}>
                {tg.name}
              </Tag>
            ))}
          </div>
        )}
      </div>
      <div className={styles.hitActions}>
        <AddToPackButton hit={hit} variant={phone ? 'icon' : 'button'} />
      </div>
    </article>
  );
}

/** Cards standing in for hits while the first answer is on its way. */
export function HitSkeletons({ n = 4 }: { n?: number }) {
  return (
    <ul className={styles.hits} aria-busy="true" data-testid="hits-loading">
      {Array.from({ length: n }, (_, i) => (
        <li key={i} className={styles.hit}>
          <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 2, width: ['85%', '40%'] }} />
        </li>
      ))}
    </ul>
  );
}

/** The hits as cards (one list on every width: a card per hit). */
export function HitList({ hits, testId = 'hits' }: { hits: PortalHit[]; testId?: string }) {
  return (
    <ul className={styles.hits} data-testid={testId}>
      {hits.map((h) => (
        <li key={h.id} data-testid="result-item">
          <HitCard hit={h} />
        </li>
      ))}
    </ul>
  );
}

/** A hit as one compact row (home page sections): type, title, one line of detail, 'add to my bid pack'. */
export function HitRow({ hit, meta, pack = true }: { hit: PortalHit; meta?: ReactNode; pack?: boolean }) {
  const pinned = (hit as PortalHit & { pinned?: number | boolean }).pinned;
  return (
    <li className={styles.row} data-testid={`row-${hit.id}`}>
      <div className={styles.rowMain}>
        <div className={styles.rowTitle}>
          {pinned ? <PushpinFilled className={styles.pin} /> : <TypeTag hit={hit} />}
          <RecordLink hit={hit} />
        </div>
        <div className={styles.rowMeta}>{meta ?? [hit.summary, hit.unitName].filter(Boolean).join(' · ')}</div>
      </div>
      {pack && <AddToPackButton hit={hit} variant="icon" size="small" />}
    </li>
  );
}
