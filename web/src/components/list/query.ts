/**
 * List state in the URL (pure functions, tested): filters, page and sort live in the route query so that reload,
 * back and shared links show the same list. API parameters: current, limit, sort, order + each filter (docs/api.md).
 */
import dayjs from 'dayjs';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export type SortOrder = 'asc' | 'desc';

export interface ListState {
  current: number;
  limit: number;
  sort?: string;
  order?: SortOrder;
  filters: Record<string, string>;
}

/** How a search field keeps its value(s) in the URL and sends them to the server. */
export interface FieldParams {
  /** URL / API parameter names; a date range has two (start, end) */
  names: string[];
  /** date ranges: the URL holds days (YYYY-MM-DD), the API gets instants (start of day, start of the next day) */
  dateRange?: boolean;
  /** names kept in the URL for display only (a chosen unit's name), never sent */
  uiOnly?: string[];
}

const posInt = (s: string | null, def: number) => {
  const n = Number(s);
  return s && Number.isInteger(n) && n > 0 ? n : def;
};

export function readListState(search: URLSearchParams, fields: FieldParams[]): ListState {
  const filters: Record<string, string> = {};
  for (const f of fields) {
    for (const n of [...f.names, ...(f.uiOnly ?? [])]) {
      const v = search.get(n);
      if (v) filters[n] = v;
    }
  }
  const limit = posInt(search.get('limit'), DEFAULT_LIMIT);
  const order = search.get('order');
  return {
    current: posInt(search.get('current'), 1),
    limit: Math.min(limit, MAX_LIMIT),
    sort: search.get('sort') || undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
    filters,
  };
}

/** The URL query of a state; defaults are left out so that a plain list has a plain URL. */
export function writeListState(state: ListState): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(state.filters)) if (v) q.set(k, v);
  if (state.sort) {
    q.set('sort', state.sort);
    q.set('order', state.order ?? 'asc');
  }
  if (state.current > 1) q.set('current', String(state.current));
  if (state.limit !== DEFAULT_LIMIT) q.set('limit', String(state.limit));
  return q;
}

/** Filters and sort as the server reads them (an export takes the same, without paging). */
export function filterParams(state: ListState, fields: FieldParams[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    f.names.forEach((n, i) => {
      const v = state.filters[n];
      if (!v) return;
      if (f.dateRange) {
        const day = dayjs(v, 'YYYY-MM-DD');
        if (!day.isValid()) return;
        out[n] = (i === 0 ? day.startOf('day') : day.add(1, 'day').startOf('day')).toISOString();
        return;
      }
      out[n] = v;
    });
  }
  if (state.sort) {
    out.sort = state.sort;
    out.order = state.order ?? 'asc';
  }
  return out;
}

export function apiParams(state: ListState, fields: FieldParams[]): Record<string, string> {
  return { ...filterParams(state, fields), current: String(state.current), limit: String(state.limit) };
}

/** The query cache key of a list's page: the list's key, then the page's API parameters (useList, prefetchList). */
export const pageKey = (key: readonly unknown[], params: Record<string, string>): unknown[] => [...key, params];

/** The server's answer to every list call (spec section 3). */
export interface Page<T> {
  records: T[];
  current: number;
  limit: number;
  total: number;
  pages: number;
}
