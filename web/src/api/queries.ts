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
import { QueryClient } from '@tanstack/react-query';
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

