import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Key } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiParams, readListState, writeListState, type FieldParams, type ListState, type Page, type SortOrder } from './query';

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
   * false keeps filters, page and sort in the component instead of the URL: for a second list on a screen
   * whose URL belongs to its main list (a tab, a panel).
   */
  inUrl?: boolean;
}

/**
 * A server-side list bound to the URL: the route query holds filters, page and sort (so reload and back work);
 * every change is a history entry. The selection is cleared whenever the rows change.
 */
export function useList<T>(
  fields: FieldParams[],
  fetchPage: (params: Record<string, string>) => Promise<Page<T>>,
  { inUrl = true }: ListOptions = {},
): ListController<T> {
  const [search, setSearch] = useSearchParams();
  const fieldsRef = useRef(fields);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const [local, setLocal] = useState<ListState>(() => readListState(new URLSearchParams(), fields));
  const urlState = useMemo(() => readListState(search, fieldsRef.current), [search]);
  const state = inUrl ? urlState : local;
  const params = useMemo(() => apiParams(state, fieldsRef.current), [state]);
  const key = JSON.stringify(params);
  const [data, setData] = useState<Page<T>>();
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchRef
      .current(JSON.parse(key) as Record<string, string>)
      .then((page) => {
        if (!live) return;
        setData(page);
        setSelectedKeys([]);
      })
      .catch(() => {
        /* the client has shown the error */
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, tick]);

  const go = useCallback((next: ListState) => (inUrl ? setSearch(writeListState(next)) : setLocal(next)), [inUrl, setSearch]);
  return {
    state,
    data,
    loading,
    // 查询 and 重置 always ask the server again, even with the filters unchanged (the data may have moved)
    search: (filters) => {
      go({ ...state, filters, current: 1 });
      setTick((n) => n + 1);
    },
    reset: () => {
      go({ current: 1, limit: state.limit, filters: {} });
      setTick((n) => n + 1);
    },
    setPage: (current, limit) => go({ ...state, current: limit === state.limit ? current : 1, limit }),
    setSort: (sort, order) => go({ ...state, sort, order: sort ? order : undefined, current: 1 }),
    reload: () => setTick((n) => n + 1),
    selectedKeys,
    setSelectedKeys,
  };
}
