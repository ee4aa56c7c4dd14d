import { useMemo, useState } from 'react';
import { Badge, Button, Drawer, Grid, Select, Tag, Typography } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import type { FacetKey, PortalFacets, PortalSort } from '../../api/portal';
import KeywordSearch from '../../components/routeQuery/KeywordSearch';
import { useI18n } from '../../i18n';
import FacetPanel, { facetLabel } from './FacetPanel';
import SearchResults from './SearchResults';
import {
  chosenFilters,
  clearFilters,
  KEYWORDS_MAX,
  readSearch,
  searchParams,
  setSort,
  SORTS,
  toggleFacet,
  type FilterKey,
} from './searchQuery';
import { usePortalSearch } from './usePortalSearch';
import styles from './portal.module.css';

const FACET_OF: Record<FilterKey, FacetKey> = { type: 'type', tagId: 'tag', unit: 'unit', validity: 'validity', year: 'year' };

/** The chip of a chosen filter: the facet's label when the answer has it. */
function chipLabel(key: FilterKey, value: string, facets: PortalFacets | null | undefined, t: Parameters<typeof facetLabel>[2]) {
  const facet = FACET_OF[key];
  const f = facets?.[facet]?.find((x) => x.value === value);
  return facetLabel(facet, f ?? { value, label: '' }, t);
}

/**
 * /gatewaySearch: one search over every published material type, with facets and their counts, highlighted
 * matches, three sorts and the route-query pager. Everything is in the URL (shareable; Back walks the searches).
 */
export default function GatewaySearchPage() {
  const { t } = useI18n();
  const screens = Grid.useBreakpoint();
  const wide = screens.md !== false;
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readSearch(search), [search]);
  const params = useMemo(() => searchParams(state, { facets: true }), [state]);
  const answer = usePortalSearch(params);
  const [facetsOpen, setFacetsOpen] = useState(false);
  // facets of the last answer (kept while the next one loads)
  const facets = answer.data?.facets;
  const chosen = chosenFilters(state);

  const toggle = (key: FilterKey, value: string) => setSearch((q) => toggleFacet(q, key, value));
  const clear = () => setSearch((q) => clearFilters(q));
  const panel = <FacetPanel facets={facets} state={state} onToggle={toggle} />;

  return (
    <div className={styles.page}>
      <div className={styles.searchBar}>
        <Typography.Title level={3} className={styles.pageTitle}>
          {t('portal.searchTitle')}
        </Typography.Title>
        <KeywordSearch testId="search-box" size="large" maxLength={KEYWORDS_MAX} placeholder={t('portal.searchPlaceholder')} style={{ maxWidth: 720 }} />
      </div>

      <div className={wide ? styles.searchBody : styles.searchBodyFull}>
        {wide && <aside aria-label={t('portal.facets')}>{panel}</aside>}
        <section aria-label={t('portal.results')} style={{ minWidth: 0 }}>
          <div className={styles.toolbar}>
            <div className={styles.toolbarLeft}>
              {!wide && (
                <Badge count={chosen.length} size="small">
                  <Button icon={<FilterOutlined />} onClick={() => setFacetsOpen(true)} data-testid="facets-open" aria-haspopup="dialog">
                    {t('portal.facets')}
                  </Button>
                </Badge>
              )}
              <Typography.Text type="secondary" data-testid="search-total" aria-live="polite">
                {answer.data ? t('portal.total', { n: answer.data.total }) : '\u00a0'}
              </Typography.Text>
            </div>
            <Select<PortalSort>
              value={state.sort}
              onChange={(s) => setSearch((q) => setSort(q, s))}
              options={SORTS.map((s) => ({ value: s, label: t(`portal.sort.${s}`) }))}
              aria-label={t('portal.sort')}
              data-testid="search-sort"
              style={{ width: 176 }}
              popupMatchSelectWidth={false}
              prefix={<span className={styles.muted}>{t('portal.sort')}</span>}
            />
          </div>

          {chosen.length > 0 && (
            <div className={styles.chips} data-testid="search-chips">
              {chosen.map((c) => (
                <Tag
                  key={`${c.key}-${c.value}`}
                  closable={{ 'aria-label': t('portal.removeFilter') }}
                  onClose={(e) => {
                    e.preventDefault();
                    toggle(c.key, c.value);
                  }}
                  color="blue"
                  data-testid={`chip-${c.key}-${c.value}`}
                >
                  {t(`portal.facet.${FACET_OF[c.key]}`)}: {chipLabel(c.key, c.value, facets, t)}
                </Tag>
              ))}
              <Button type="link" size="small" onClick={clear} data-testid="search-clear">
                {t('portal.clearFilters')}
              </Button>
            </div>
          )}

          <SearchResults answer={answer} filtered={chosen.length > 0} onClear={clear} />
        </section>
      </div>

      {!wide && (
        <Drawer
          open={facetsOpen}
          onClose={() => setFacetsOpen(false)}
          placement="bottom"
          size="80%"
          title={t('portal.facets')}
          closable={{ 'aria-label': t('common.close') }}
          footer={
            <div className={styles.packFooter}>
              <Button onClick={clear} disabled={!chosen.length}>
                {t('portal.clearFilters')}
              </Button>
              <Button type="primary" onClick={() => setFacetsOpen(false)} data-testid="facets-done">
                {t('portal.showResults', { n: answer.data?.total ?? 0 })}
              </Button>
            </div>
          }
        >
          {panel}
        </Drawer>
      )}
    </div>
  );
}
