/**
 * The query cache of the signed-in shells (TanStack Query): lists, dictionary items and look-ups are cached by key,
 * shown at once when a screen is opened again and asked afresh in the background (they are stale at once).
 *
 * - A write marks stale only the resources it touches: the mutation hooks of api/hooks/<area>.ts invalidate their
 *   resources' keys (api/hooks/keys.ts) on success; nothing marks the whole cache stale.
 * - The cache belongs to one session: it is emptied whenever the signed-in token changes (sign-out, another account),
 *   so nobody sees what the previous account was shown.
 *
 * It loads with the shells, not with the sign-in page.
 */
import { QueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { getToken, subscribeSession } from '../lib/session';

// the shells' provider, from here: it then travels in one chunk with the client (a prefetch of a full load, routes.ts
// `prefetch`, reaches the client before the shells; imported apart, the provider would be a chunk of its own)
export { QueryClientProvider } from '@tanstack/react-query';

/** The cache's rules: no retries (the API client has shown the error once), no refetch on window focus. */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, gcTime: 5 * 60_000 } },
  });
}

export const queryClient = newQueryClient();

let token = getToken();
subscribeSession(() => {
  const now = getToken();
  if (now !== token) {
    token = now;
    queryClient.clear();
  }
});

/**
 * A page's first data, asked for at a full load beside the page's modules (router.tsx preloadAddress, routes.ts
 * `prefetch`), with the same key and call the page uses. Quiet: should it fail, it leaves nothing in the cache and the
 * page asks again itself, showing the failure as it always does.
 */
export async function prefetchForPage(queryKey: QueryKey, queryFn: () => Promise<unknown>): Promise<void> {
  try {
    await queryClient.fetchQuery({ queryKey, queryFn });
  } catch {
    // a page already showing it asks again with its own call (which shows the failure)
    if (queryClient.getQueryCache().find({ queryKey, exact: true })?.getObserversCount()) {
      await queryClient.refetchQueries({ queryKey, exact: true });
    } else {
      queryClient.removeQueries({ queryKey, exact: true });
    }
    return;
  }
  const q = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (q) prefetched.set(q.queryHash, q.state.dataUpdatedAt);
}

/** query hash -> when the prefetched answer came; forgotten when the screen that showed it is left */
const prefetched = new Map<string, number>();
queryClient.getQueryCache().subscribe((e) => {
  if (e.type === 'observerRemoved') prefetched.delete(e.query.queryHash);
});

/**
 * useQuery's `refetchOnMount` of a page with a prefetch: the first mount shows the answer the prefetch just brought
 * without asking again (which would only put the list's loading state over rows just answered); any later mount asks
 * afresh as usual (the data are stale at once).
 */
export function refetchUnlessPrefetched(q: Pick<Query, 'queryHash' | 'state'>): boolean {
  const at = prefetched.get(q.queryHash);
  return at === undefined || at !== q.state.dataUpdatedAt || Date.now() - at > 10_000;
}
