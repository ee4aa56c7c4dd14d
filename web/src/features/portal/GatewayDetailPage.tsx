import { useMemo } from 'react';
import { Button, Segmented, Select, Tabs, Typography } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { DETAIL_TABS, type DetailTab } from '../../app/routes';
import KeywordSearch from '../../components/routeQuery/KeywordSearch';
import { useI18n } from '../../i18n';
import { facetLabel } from './FacetPanel';
import { TAB_TYPES } from './portalTabs';
import SearchResults from './SearchResults';
import { chosenFilters, clearFilters, KEYWORDS_MAX, readSearch, searchParams, setFilter } from './searchQuery';
import { usePortalSearch } from './usePortalSearch';
import styles from './portal.module.css';

/** The tab of a path (/gatewayDetail → the first). */
export function tabOfPath(pathname: string): DetailTab {
  const p = pathname.toLowerCase();
  return DETAIL_TABS.find((tab) => p.endsWith(`/${tab.toLowerCase()}`)) ?? DETAIL_TABS[0];
}

/** One tab: the type's published materials with the keyword box, the tag and validity filters and the pager. */
function TabList({ tab }: { tab: DetailTab }) {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const type = TAB_TYPES[tab];
  const state = useMemo(() => readSearch(search), [search]);
  const params = useMemo(() => searchParams(state, { type, facets: true }), [state, type]);
  const answer = usePortalSearch(params);
  const facets = answer.data?.facets;
  const filtered = chosenFilters(state).some((c) => c.key !== 'type');
  const clear = () => setSearch((q) => clearFilters(q));
  const tags = facets?.tag ?? [];
  const validity = facets?.validity ?? [];
  // once the facets are in, a value they leave out has no hits: it says 0, not nothing
  const count = (v: string) => (facets ? (validity.find((f) => f.value === v)?.count ?? 0) : undefined);

  return (
    <div data-testid={`detail-${tab}`}>
      <div className={styles.filters}>
        <KeywordSearch testId="detail-search" maxLength={KEYWORDS_MAX} style={{ maxWidth: 420, flex: '1 1 260px' }} />
        {(tags.length > 0 || state.tagId) && (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={state.tagId}
            placeholder={t('portal.facet.allTags')}
            aria-label={t('portal.facet.tag')}
            onChange={(v?: string) => setSearch((q) => setFilter(q, 'tagId', v))}
            options={tags.map((f) => ({ value: f.value, label: `${facetLabel('tag', f, t)} (${f.count})` }))}
            style={{ width: 200, maxWidth: '100%' }}
            data-testid="facet-tag-select"
          />
        )}
        {(validity.length > 0 || state.validity) && (
          <Segmented
            value={state.validity ?? ''}
            onChange={(v) => setSearch((q) => setFilter(q, 'validity', String(v) || undefined))}
            aria-label={t('portal.facet.validity')}
            data-testid="facet-validity"
            options={[
              { value: '', label: t('portal.validity.all') },
              ...(['valid', 'expired'] as const).map((v) => ({
                value: v,
                label: count(v) == null ? t(`portal.validity.${v}`) : `${t(`portal.validity.${v}`)} ${count(v)}`,
              })),
            ]}
          />
        )}
        {filtered && (
          <Button type="link" onClick={clear}>
            {t('portal.clearFilters')}
          </Button>
        )}
      </div>
      <Typography.Paragraph type="secondary" data-testid="search-total" aria-live="polite" style={{ marginBottom: 12 }}>
        {answer.data ? t('portal.total', { n: answer.data.total }) : '\u00a0'}
      </Typography.Paragraph>
      <SearchResults answer={answer} filtered={filtered} onClear={clear} />
    </div>
  );
}

/** /gatewayDetail and its tabs /gatewayDetail/<tab>: the tab follows the URL; `?id=` opens a record's drawer. */
export default function GatewayDetailPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = tabOfPath(pathname);
  return (
    <div className={styles.page}>
      <Typography.Title level={3} className={styles.pageTitle}>
        {t('portal.detailTitle')}
      </Typography.Title>
      <Tabs
        className={styles.tabs}
        activeKey={current}
        onChange={(key) => navigate(`/gatewayDetail/${key}`)}
        destroyOnHidden
        items={DETAIL_TABS.map((tab) => ({
          key: tab,
          label: <span data-testid={`detail-tab-${tab}`}>{t(`nav.gatewayDetail.${tab}`)}</span>,
          children: tab === current ? <TabList tab={tab} /> : null,
        }))}
      />
    </div>
  );
}
