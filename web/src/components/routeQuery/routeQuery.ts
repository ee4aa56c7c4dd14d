/**
 * The standalone pager and the keyword box of spec section 2, bound to the route query: `page` and `pagesize`
 * (sizes 20, 40, 60, 80, default 20) and `keywords`. Other query parameters are kept; defaults are left out of
 * the URL. Every change is a history entry, so back and forward walk through the pages.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export const ROUTE_PAGE_SIZES = [20, 40, 60, 80] as const;
export const ROUTE_DEFAULT_SIZE = 20;

export interface RoutePage {
  page: number;
  pageSize: number;
}

/** page from 1 (anything else is 1); a size that is not one of the four is the default. */
export function readRoutePage(q: URLSearchParams): RoutePage {
  const page = Number(q.get('page'));
  const size = Number(q.get('pagesize'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (ROUTE_PAGE_SIZES as readonly number[]).includes(size) ? size : ROUTE_DEFAULT_SIZE,
  };
}

/** The query with a new page and size; a new size starts again at page 1. */
export function writeRoutePage(q: URLSearchParams, next: RoutePage): URLSearchParams {
  const out = new URLSearchParams(q);
  const page = next.pageSize === readRoutePage(q).pageSize ? next.page : 1;
  if (page > 1) out.set('page', String(page));
  else out.delete('page');
  if (next.pageSize !== ROUTE_DEFAULT_SIZE) out.set('pagesize', String(next.pageSize));
  else out.delete('pagesize');
  return out;
}

/** The query with new keywords (trimmed; empty removes them), back on page 1. */
export function writeKeywords(q: URLSearchParams, keywords: string): URLSearchParams {
  const out = new URLSearchParams(q);
  const k = keywords.trim();
  if (k) out.set('keywords', k);
  else out.delete('keywords');
  out.delete('page');
  return out;
}

export function useRoutePage(): RoutePage & { setPage(page: number, pageSize?: number): void } {
  const [search, setSearch] = useSearchParams();
  const { page, pageSize } = readRoutePage(search);
  const setPage = useCallback(
    (p: number, size?: number) => setSearch((q) => writeRoutePage(q, { page: p, pageSize: size ?? readRoutePage(q).pageSize })),
    [setSearch],
  );
  return { page, pageSize, setPage };
}

export function useRouteKeywords(): [string, (keywords: string) => void] {
  const [search, setSearch] = useSearchParams();
  const set = useCallback((k: string) => setSearch((q) => writeKeywords(q, k)), [setSearch]);
  return [search.get('keywords') ?? '', set];
}
