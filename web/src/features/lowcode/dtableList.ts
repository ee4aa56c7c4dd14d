/**
 * /dtable's first screen as the query cache holds it: the caller's tables, the first one's schema and its first page
 * of rows. The data tab (DTablePage.tsx) and the prefetch of a full load (routes.ts `prefetch`) share the keys, so that
 * the tab finds what the prefetch asked for instead of asking for each in turn after its render; this module stays
 * light (no screen code).
 */
import { dtableSchema, listDTableRows, myDTables } from '../../api/lowcode';
import { dtableKeys } from '../../api/hooks/lowcode';
import { prefetchForPage } from '../../api/hooks/keys';
import { queryClient } from '../../api/queries';
import { prefetchList } from '../../components/list/useList';

/** The rows of one table (useList's key; the page's parameters are added to it). */
export const dtableRowsKey = (tableId: number) => ['dtableRows', tableId] as const;

/** A full load of /dtable: the tables, then the first one's schema and first page (no filter: the tab keeps its state out of the address). */
export async function prefetchDTable(): Promise<void> {
  await prefetchForPage(queryClient, dtableKeys.of('mine'), () => myDTables({ silent: true }));
  const first = queryClient.getQueryData<{ id: number }[]>(dtableKeys.of('mine'))?.[0]?.id;
  if (!first) return;
  await Promise.all([
    prefetchForPage(queryClient, dtableKeys.of('schema', first), () => dtableSchema(first, { silent: true })),
    prefetchList(queryClient, dtableRowsKey(first), [], (p) => listDTableRows(first, p, { silent: true }), ''),
  ]);
}
