import { useEffect, useMemo, useRef, useState } from 'react';
import type { Key } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchForPage, refetchUnlessPrefetched } from '../../api/hooks/keys';
import { apiParams, pageKey, readListState, writeListState, type FieldParams, type ListState, type Page, type SortOrder } from './query';

export interface ListController<T> {
  state: ListState;
  data: Page<T> | undefined;
  loading: boolean;
  /** new filters: back to page 1 */
  search(filters: Record<string, string>): void;
  /** no filters, no sort, page 1 */
  reset(): void;
  setPage(current: number, limit: number): void;
  setSort(sort: string | undefined, order: SortOrder | undefined): void;
  /** fetch the same page again (after a change) */
  reload(): void;
  selectedKeys: Key[];
  setSelectedKeys(keys: Key[]): void;
}

export interface ListOptions {
  /**
   * The list's key in the query cache, with whatever else decides its rows beside the filters (a record type, a
   * table's id): a resource's `list()` key from api/hooks (libraryKeys.records.list(type)), so that the writes of that
   * resource invalidate it; the page's params are added last. Pages of one key are cached together.
   */
  key: readonly unknown[];
  /**
   * false keeps filters, page and sort in the component instead of the URL: for a second list on a screen
   * whose URL belongs to its main list (a tab, a panel).
   */
  inUrl?: boolean;
}

/**
 * A server-side list bound to the URL: the route query holds filters, page and sort (so reload and back work);
 * every change is a history entry. Pages come through the query cache (api/queries.ts, keys in api/hooks/keys.ts): a page seen before shows at
 * once and is asked again in the background, the previous page stays on screen while the next one loads. The
 * selection is cleared whenever the rows change.
 */
export function useList<T>(
  fields: FieldParams[],
  fetchPage: (params: Record<string, string>) => Promise<Page<T>>,
  { key, inUrl = true }: ListOptions,
): ListController<T> {
  const [search, setSearch] = useSearchParams();
  const fieldsRef = useRef(fields);
  const fetchRef = useRef(fetchPage);
  useEffect(() => {
    fetchRef.current = fetchPage;
  });
  const [local, setLocal] = useState<ListState>(() => readListState(new URLSearchParams(), fields));
  const urlState = useMemo(() => readListState(search, fieldsRef.current), [search]);
  const state = inUrl ? urlState : local;
  const params = useMemo(() => apiParams(state, fieldsRef.current), [state]);
  const query = useQuery({
    queryKey: pageKey(key, params),
    queryFn: () => fetchRef.current(params),
    // the first page a full load prefetched (prefetchList) is shown as it came
    refetchOnMount: refetchUnlessPrefetched,
    // the previous page stays while the next loads, but never another list's rows (another record type or table)
    placeholderData: (prev, prevQuery) =>
      prevQuery && JSON.stringify(prevQuery.queryKey.slice(0, -1)) === JSON.stringify(key) ? prev : undefined,
  });
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  // the same rows fetched again keep their identity (structural sharing): a ticked row stays ticked
  const [rowsOf, setRowsOf] = useState(query.data);
  if (rowsOf !== query.data) {
    setRowsOf(query.data);
    setSelectedKeys([]);
  }

  // reload joins a fetch already under way rather than asking twice
  const refetch = () => void query.refetch({ cancelRefetch: false });
  const go = (next: ListState) => {
    // 查询 and 重置 always ask the server again, even with the filters unchanged (the data may have moved)
    if (JSON.stringify(apiParams(next, fieldsRef.current)) === JSON.stringify(params)) refetch();
    if (inUrl) setSearch(writeListState(next));
    else setLocal(next);
  };
  return {
    state,
    data: query.data,
    loading: query.isFetching,
    search: (filters) => go({ ...state, filters, current: 1 }),
    reset: () => go({ current: 1, limit: state.limit, filters: {} }),
    setPage: (current, limit) => go({ ...state, current: limit === state.limit ? current : 1, limit }),
    setSort: (sort, order) => go({ ...state, sort, order: sort ? order : undefined, current: 1 }),
    reload: refetch,
    selectedKeys,
    setSelectedKeys,
  };
}

/**
 * The page of a list an address shows (its query: filters, page, sort), asked for at a full load before the list's
 * screen has rendered (routes.ts `prefetch`), under the key useList gives it: the screen finds it under way or answered.
 * `key` and `fields` must be the ones the screen passes to useList; `fetchPage` its call, quiet (the screen shows
 * failures).
 */
export function prefetchList<T>(
  client: QueryClient,
  key: readonly unknown[],
  fields: FieldParams[],
  fetchPage: (params: Record<string, string>) => Promise<Page<T>>,
  search: string,
): Promise<void> {
  const params = apiParams(readListState(new URLSearchParams(search), fields), fields);
  return prefetchForPage(client, pageKey(key, params), () => fetchPage(params));
}
