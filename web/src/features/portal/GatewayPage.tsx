import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Empty, Skeleton } from 'antd';
// antd's search box alone, not its Input with TextArea and OTP attached
import Search from 'antd/es/input/Search';
import {
  AppstoreOutlined,
  BellOutlined,
  FireOutlined,
  LinkOutlined,
  NotificationOutlined,
  ReloadOutlined,
  RightOutlined,
  ClockCircleOutlined,
  DatabaseOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { type HomeLink, type PortalCount, type PortalHome, type PortalMessage, type SectionKey } from '../../api/portal';
import { failureText, usePortalHome } from '../../api/hooks/portal';
import { adminEntry } from '../../app/routes';
import { iconFor } from '../../components/icons';
import { Paragraph, TextLink, Title } from '../../components/Text';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import ConfiguredLink from './ConfiguredLink';
import { useSession } from '../../lib/session';
import { HitRow } from './HitCard';
import { kindLook, useMessageActions } from './MessageItem';
import { setUnread } from './msgStore';
import { KEYWORDS_MAX, searchUrl } from './searchQuery';
import { hasContent, HALF_SECTIONS, sectionRows, visibleSections } from './sections';
import { lookOf } from './typeLook';
import styles from './portal.module.css';

/** A card of the home page with a title, an icon and an optional 'more' link. */
function Section({ id, icon, title, more, children, badge }: { id: SectionKey; icon: ReactNode; title: string; more?: string; children: ReactNode; badge?: ReactNode }) {
  const { t } = useI18n();
  return (
    <section className={styles.card} aria-labelledby={`home-${id}-title`} data-testid={`home-${id}`}>
      <div className={styles.cardHead}>
        <h2 id={`home-${id}-title`} className={styles.cardTitle}>
          {icon} {title} {badge}
        </h2>
        {more && (
          <Link to={more} aria-label={t('portal.moreOf', { name: title })}>
            {t('portal.more')} <RightOutlined style={{ fontSize: 11 }} />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

// The carousel (react-slick) loads only when the home page has banners.
const Banners = lazy(() => import('./HomeBanners'));
// antd's Result (with its pictures) only when the home page failed to load.
const Result = lazy(() => import('antd/es/result'));

function Counts({ counts }: { counts: PortalCount[] }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Section id="counts" icon={<DatabaseOutlined />} title={t('portal.home.counts')} more="/gatewaySearch">
      <div className={styles.counts}>
        {counts.map((c) => {
          const look = lookOf(c.type);
          return (
            <button
              key={c.type}
              type="button"
              className={styles.countTile}
              onClick={() => navigate(c.tab ? `/gatewayDetail/${c.tab}` : searchUrl('', [c.type]))}
              aria-label={t('portal.home.countLabel', { name: c.name, n: c.count })}
              data-testid={`count-${c.type}`}
            >
              <span className={styles.countIcon} style={{ color: look.fg, background: look.bg }} aria-hidden>
                {look.icon}
              </span>
              <span className={styles.countText}>
                <span className={styles.countNum}>{c.count}</span>
                <span className={styles.countName}>{c.name}</span>
              </span>
            </button>
          );
        })}
      </div>
    </Section>
  );
}

function Links({ links }: { links: HomeLink[] }) {
  const { t } = useI18n();
  return (
    <Section id="links" icon={<AppstoreOutlined />} title={t('portal.home.links')}>
      <nav className={styles.links} aria-label={t('portal.home.links')}>
        {links.map((l) => (
          <ConfiguredLink key={l.id} url={l.url} newTab={l.newTab} className={styles.linkTile} testId={`quick-link-${l.id}`}>
            {iconFor(l.icon) ?? <LinkOutlined />}
            <span>{l.title}</span>
          </ConfiguredLink>
        ))}
      </nav>
    </Section>
  );
}

function Messages({ messages }: { messages: PortalHome['messages'] }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [records, setRecords] = useState(messages.records ?? []);
  const [unread, setUnreadHere] = useState(messages.unread);
  const markedRead = useCallback((m: PortalMessage) => {
    setRecords((rs) => rs.map((r) => (r.kind === m.kind && r.id === m.id ? { ...r, state: 'read' } : r)));
    setUnreadHere((n) => Math.max(0, n - 1));
  }, []);
  useEffect(() => setUnread(unread), [unread]);
  const { go } = useMessageActions(markedRead);
  return (
    <Section
      id="messages"
      icon={<BellOutlined />}
      title={t('portal.messages')}
      more="/gatewayMsg"
      badge={unread > 0 ? <Badge count={unread} data-testid="home-unread" /> : undefined}
    >
      {records.length ? (
        <ul className={styles.rows}>
          {records.map((m) => {
            const look = kindLook(m.kind);
            return (
              <li key={`${m.kind}-${m.id}`} className={styles.row} data-testid={`home-msg-${m.kind}-${m.id}`} data-state={m.state}>
                <span className={styles.msgIcon} style={{ color: look.fg, background: look.bg, width: 30, height: 30, fontSize: 14 }} aria-hidden>
                  {look.icon}
                </span>
                <div className={styles.rowMain}>
                  <div className={styles.rowTitle}>
                    {m.state === 'unread' && <span className={styles.dot} aria-label={t('portal.msg.unread')} />}
                    <TextLink strong={m.state === 'unread'} onClick={() => (m.refId || m.kind === 'announcement' ? go(m) : navigate('/gatewayMsg'))}>
                      {m.title}
                    </TextLink>
                  </div>
                  <div className={styles.rowMeta}>
                    {t(`portal.msg.kind.${m.kind}` as 'portal.msg.kind.notice')} · {formatTime(m.createdAt)}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.msg.none')} />
      )}
    </Section>
  );
}

/** The home page's data: one call (sections, banners, counts, lists, messages). */
function useHome() {
  const { t, lang } = useI18n();
  const query = usePortalHome(lang);
  return { home: query.data, error: query.isError && !query.isFetching ? failureText(query.error, t('msg.operationException')) : undefined, retry: () => void query.refetch() };
}

/**
 * /gateway, where every staff member lands: the sections GET /api/portal/home gives, in its order (configured in
 * /gatewaymanager): banners, the search box, counts per material type, pinned announcements, the caller's messages,
 * recently added and most downloaded materials, quick links; and the entry to the admin area for admins.
 */
export default function GatewayPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const session = useSession();
  const adminHome = adminEntry(session?.menuCodes);
  const { home, error, retry } = useHome();

  const adminButton = adminHome && (
    <Button size="large" icon={<AppstoreOutlined />} onClick={() => navigate(adminHome)} data-testid="gateway-enter-admin">
      {t('portal.enterAdmin')}
    </Button>
  );
  const welcome = (
    <Title level={2} className={styles.heroTitle} testId="gateway-welcome">
      {t('portal.welcome', { name: session?.UserName ?? '' })}
    </Title>
  );

  const keys = home ? visibleSections(home.sections, (k) => hasContent(home, k)) : [];
  const hero = keys.includes('search');

  const render = (key: SectionKey): ReactNode => {
    if (!home) return null;
    switch (key) {
      case 'banners':
        return (
          // the placeholder holds the carousel's place while its chunk loads: the sections below must not jump
          // (a click aimed at a count tile would land on whatever moved under the pointer)
          <Suspense fallback={<div className={styles.carousel} aria-hidden data-testid="home-banners-loading"><div className={styles.slide} /></div>}>
            <Banners banners={home.banners} />
          </Suspense>
        );
      case 'search':
        return (
          <section className={styles.hero} data-testid="home-search">
            <div className={styles.heroMain}>
              {welcome}
              <Paragraph className={styles.heroText}>{t('portal.intro')}</Paragraph>
              <Search
                className={styles.heroSearch}
                size="large"
                maxLength={KEYWORDS_MAX}
                placeholder={t('portal.searchPlaceholder')}
                enterButton={t('portal.search')}
                aria-label={t('portal.search')}
                data-testid="home-search-box"
                onSearch={(keywords) => navigate(searchUrl(keywords))}
              />
            </div>
            {adminButton}
          </section>
        );
      case 'counts':
        return <Counts counts={home.counts} />;
      case 'announcements':
        return (
          <Section id="announcements" icon={<NotificationOutlined />} title={t('portal.announcements')} more={searchUrl('', ['announcement'])}>
            {home.announcements?.length ? (
              <ul className={styles.rows}>
                {home.announcements.map((h) => (
                  <HitRow key={h.id} hit={h} pack={false} meta={h.date || formatTime(h.createdAt).slice(0, 10)} />
                ))}
              </ul>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.home.noAnnouncements')} />
            )}
          </Section>
        );
      case 'messages':
        return <Messages messages={home.messages ?? { unread: 0, records: [] }} />;
      case 'recent':
      case 'popular': {
        const list = (key === 'recent' ? home.recent : home.popular) ?? [];
        return (
          <Section
            id={key}
            icon={key === 'recent' ? <ClockCircleOutlined /> : <FireOutlined />}
            title={t(key === 'recent' ? 'portal.recent' : 'portal.popular')}
            more={key === 'recent' ? '/gatewaySearch?sort=newest' : '/gatewaySearch?sort=downloads'}
          >
            {list.length ? (
              <ul className={styles.rows}>
                {list.map((h) => (
                  <HitRow
                    key={h.id}
                    hit={h}
                    meta={[h.unitName, key === 'popular' ? t('portal.hit.downloads', { n: h.downloads ?? 0 }) : h.date || formatTime(h.createdAt).slice(0, 10)]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                ))}
              </ul>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.home.noMaterials')} />
            )}
          </Section>
        );
      }
      case 'links':
        return <Links links={home.links} />;
    }
  };

  return (
    <div className={styles.page}>
      {!hero && (
        <div className={styles.welcomeBar}>
          <Title level={3} className={styles.pageTitle} testId="gateway-welcome">
            {t('portal.welcome', { name: session?.UserName ?? '' })}
          </Title>
          {adminButton}
        </div>
      )}
      {error && !home ? (
        <div className={styles.stateBox} role="alert" data-testid="home-error">
          <Suspense fallback={null}>
            <Result
              status="warning"
              title={t('portal.home.loadFailed')}
              subTitle={error}
              extra={
                <Button type="primary" icon={<ReloadOutlined />} onClick={retry} data-testid="home-retry">
                  {t('portal.retry')}
                </Button>
              }
            />
          </Suspense>
        </div>
      ) : !home ? (
        <div data-testid="home-loading" aria-busy="true">
          <Skeleton.Button active block style={{ height: 180, borderRadius: 14 }} />
          <div className={styles.rowPair} style={{ marginTop: 20 }}>
            <div className={styles.card}>
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
            <div className={styles.card}>
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
          </div>
        </div>
      ) : (
        sectionRows(keys).map((row) =>
          row.length === 2 || HALF_SECTIONS.has(row[0]) ? (
            <div key={row.join('-')} className={row.length === 2 ? styles.rowPair : undefined}>
              {row.map((k) => (
                <div key={k} style={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
                  {render(k)}
                </div>
              ))}
            </div>
          ) : (
            <div key={row[0]}>{render(row[0])}</div>
          ),
        )
      )}
    </div>
  );
}
