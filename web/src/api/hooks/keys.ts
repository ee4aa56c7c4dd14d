/**
 * Query keys (TanStack Query). Everything cached of one resource sits under its root key [name], so a write
 * invalidates exactly the resources it touches: invalidating `all` reaches the resource's lists (useList's pages),
 * records and look-ups, and nothing else.
 *
 *   const roleKeys = resourceKeys('roles');
 *   roleKeys.all            ['roles']
 *   roleKeys.list()         ['roles', 'list']            useList adds its params:  ['roles', 'list', {...}]
 *   roleKeys.one(3)         ['roles', 'one', 3]
 *   roleKeys.of('grants', 3)['roles', 'grants', 3]
 */
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

export interface ResourceKeys<N extends string> {
  /** the root: every query of the resource */
  all: readonly [N];
  /** the resource's server lists (useList's `key`); scope narrows (a record type, a parent id) */
  list(...scope: unknown[]): readonly [N, 'list', ...unknown[]];
  /** one record */
  one(...id: unknown[]): readonly [N, 'one', ...unknown[]];
  /** anything else read of the resource: options, a tree, a preview */
  of(part: string, ...args: unknown[]): readonly [N, string, ...unknown[]];
}

export function resourceKeys<const N extends string>(name: N): ResourceKeys<N> {
  return {
    all: [name],
    list: (...scope) => [name, 'list', ...scope],
    one: (...id) => [name, 'one', ...id],
    of: (part, ...args) => [name, part, ...args],
  };
}

export type Touched = readonly QueryKey[];

// A page's first data, asked for at a full load beside the page's modules (router.tsx preloadAddress, routes.ts
// `prefetch`) under the key the page uses (issue 28, docs/performance.md 'Full loads in Chromium'). Kept here, with the
// keys, rather than with the client (api/queries.ts): no side effects at import, and no chunk of its own.

/** query hash -> when the prefetched answer came; forgotten when the screen that showed it is left */
const prefetched = new Map<string, number>();
let watched: QueryClient | undefined;

/**
 * Asks for a page's first data into the client's cache. Quiet: should it fail, it leaves nothing in the cache and the
 * page asks again itself, showing the failure as it always does.
 */
export async function prefetchForPage(client: QueryClient, queryKey: QueryKey, queryFn: () => Promise<unknown>): Promise<void> {
  if (watched !== client) {
    watched = client;
    client.getQueryCache().subscribe((e) => {
      if (e.type === 'observerRemoved') prefetched.delete(e.query.queryHash);
    });
  }
  try {
    await client.fetchQuery({ queryKey, queryFn });
  } catch {
    // a page already showing it asks again with its own call (which shows the failure)
    if (client.getQueryCache().find({ queryKey, exact: true })?.getObserversCount()) {
      await client.refetchQueries({ queryKey, exact: true });
    } else {
      client.removeQueries({ queryKey, exact: true });
    }
    return;
  }
  const q = client.getQueryCache().find({ queryKey, exact: true });
  if (q) prefetched.set(q.queryHash, q.state.dataUpdatedAt);
}

/**
 * useQuery's `refetchOnMount` of a page with a prefetch: the first mount shows the answer the prefetch just brought
 * without asking again (which would only put the list's loading state over rows just answered); any later mount asks
 * afresh as usual (the data are stale at once).
 */
export function refetchUnlessPrefetched(q: Pick<Query, 'queryHash' | 'state'>): boolean {
  const at = prefetched.get(q.queryHash);
  return at === undefined || at !== q.state.dataUpdatedAt || Date.now() - at > 10_000;
}
