/**
 * The portal search in the route query, so that a URL can be shared and Back walks through the searches:
 * `keywords`, the filters (`type` comma-separated, `tagId`, `unit`, `validity`, `year`), `sort` (only when it is not
 * the default), and the standalone pager's `page` / `pagesize` (20/40/60/80, default 20). Pure functions (tested).
 */
import { readRoutePage } from '../../components/routeQuery/routeQuery';
import type { FacetKey, PortalSearchParams, PortalSort, PortalValidity } from '../../api/portal';

export const SORTS: readonly PortalSort[] = ['relevance', 'newest', 'downloads'];
export const KEYWORDS_MAX = 50;

/** The single-value filters besides the type (the type may hold several). */
export type FilterKey = 'type' | 'tagId' | 'unit' | 'validity' | 'year';
export const FILTER_KEYS: readonly FilterKey[] = ['type', 'tagId', 'unit', 'validity', 'year'];

/** The URL parameter of a facet. */
export const FACET_PARAM: Record<FacetKey, FilterKey> = { type: 'type', tag: 'tagId', unit: 'unit', validity: 'validity', year: 'year' };

export interface SearchState {
  keywords: string;
  types: string[];
  /** digits only (a tag's id) */
  tagId?: `${number}`;
  unit?: string;
  validity?: PortalValidity;
  year?: string;
  /** the sort in force (the default when the URL names none) */
  sort: PortalSort;
  page: number;
  pageSize: number;
}

/** With keywords the best matches come first; without, the newest. */
export const defaultSort = (keywords: string): PortalSort => (keywords ? 'relevance' : 'newest');

const TYPE_KEY = /^[a-z][a-z0-9_]{0,29}$/;

/** The types of the URL: known-looking keys, once each, in their order. */
export function readTypes(q: URLSearchParams): string[] {
  const out: string[] = [];
  for (const part of (q.get('type') ?? '').split(',')) {
    const k = part.trim();
    if (TYPE_KEY.test(k) && !out.includes(k)) out.push(k);
  }
  return out;
}

/** The search of a route query; whatever is malformed is left out (a hand-edited or old link still works). */
export function readSearch(q: URLSearchParams): SearchState {
  const keywords = (q.get('keywords') ?? '').trim().slice(0, KEYWORDS_MAX);
  const tagId = q.get('tagId') ?? '';
  const unit = (q.get('unit') ?? '').trim();
  const validity = q.get('validity');
  const year = q.get('year') ?? '';
  const sort = q.get('sort') as PortalSort | null;
  return {
    keywords,
    types: readTypes(q),
    tagId: /^[1-9]\d{0,17}$/.test(tagId) ? (tagId as `${number}`) : undefined,
    unit: unit || undefined,
    validity: validity === 'valid' || validity === 'expired' ? validity : undefined,
    year: /^\d{4}$/.test(year) ? year : undefined,
    sort: sort && SORTS.includes(sort) ? sort : defaultSort(keywords),
    ...readRoutePage(q),
  };
}

/** The query with one filter set (or removed: undefined / ''), back on page 1. */
export function setFilter(q: URLSearchParams, key: FilterKey, value: string | undefined): URLSearchParams {
  const out = new URLSearchParams(q);
  if (value) out.set(key, value);
  else out.delete(key);
  out.delete('page');
  return out;
}

/** The query with a type added to the chosen ones, or taken out when it was chosen; back on page 1. */
export function toggleType(q: URLSearchParams, type: string): URLSearchParams {
  const types = readTypes(q);
  const next = types.includes(type) ? types.filter((t) => t !== type) : [...types, type];
  return setFilter(q, 'type', next.join(','));
}

/** Is this facet value chosen? */
export function isChosen(state: SearchState, key: FilterKey, value: string): boolean {
  return key === 'type' ? state.types.includes(value) : state[key] === value;
}

/** The query with a facet value chosen, or unchosen when it was (the type facet takes several). */
export function toggleFacet(q: URLSearchParams, key: FilterKey, value: string): URLSearchParams {
  if (key === 'type') return toggleType(q, value);
  return setFilter(q, key, q.get(key) === value ? undefined : value);
}

/** The query with a sort: the default of the keywords leaves the URL; back on page 1. */
export function setSort(q: URLSearchParams, sort: PortalSort): URLSearchParams {
  const out = new URLSearchParams(q);
  if (sort === defaultSort((q.get('keywords') ?? '').trim())) out.delete('sort');
  else out.set('sort', sort);
  out.delete('page');
  return out;
}

/** The query without any filter (keywords, sort and page size stay), back on page 1. */
export function clearFilters(q: URLSearchParams, keep: readonly FilterKey[] = []): URLSearchParams {
  const out = new URLSearchParams(q);
  for (const k of FILTER_KEYS) if (!keep.includes(k)) out.delete(k);
  out.delete('page');
  return out;
}

/** The chosen filters, one entry per chosen value (each type apart), for the chips above the results. */
export function chosenFilters(state: SearchState): { key: FilterKey; value: string }[] {
  const out: { key: FilterKey; value: string }[] = state.types.map((value) => ({ key: 'type', value }));
  for (const key of ['tagId', 'unit', 'validity', 'year'] as const) {
    const value = state[key];
    if (value) out.push({ key, value });
  }
  return out;
}

/** The call's parameters of a search; `type` fixes the type (a detail tab) whatever the URL says. */
export function searchParams(state: SearchState, opts: { type?: string; facets?: boolean } = {}): PortalSearchParams {
  const p: PortalSearchParams = {
    sort: state.sort,
    current: `${state.page}`,
    limit: `${state.pageSize}`,
  };
  if (state.keywords) p.keywords = state.keywords;
  const type = opts.type ?? state.types.join(',');
  if (type) p.type = type;
  if (state.tagId) p.tagId = state.tagId;
  if (state.unit) p.unit = state.unit;
  if (state.validity) p.validity = state.validity;
  if (state.year) p.year = state.year;
  if (opts.facets) p.facets = '1';
  return p;
}

/** The search page's URL of a keyword (the home page's box, a count tile). */
export function searchUrl(keywords: string, types: string[] = []): string {
  const q = new URLSearchParams();
  const k = keywords.trim().slice(0, KEYWORDS_MAX);
  if (k) q.set('keywords', k);
  if (types.length) q.set('type', types.join(','));
  const s = q.toString();
  return s ? `/gatewaySearch?${s}` : '/gatewaySearch';
}
