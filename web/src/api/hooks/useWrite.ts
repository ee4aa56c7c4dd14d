/**
 * The one way a screen writes: a mutation (TanStack Query) that, once the server has accepted it, invalidates the
 * resources it touches and nothing else (api/hooks/keys.ts). Active queries of those resources are fetched again at
 * once, inactive ones when next shown. A failure has already been shown by the API client's error catalogue
 * (api/client.ts); it stays in the mutation's `error` for a screen that also shows it inline.
 */
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { Touched } from './keys';

export interface WriteOptions<V, R> {
  /** after the invalidation has been started (the screen's toast, closing a dialog) */
  onSuccess?(result: R, vars: V): void;
}

export function useWrite<V = void, R = unknown>(
  write: (vars: V) => Promise<R>,
  touches: Touched | ((vars: V, result: R) => Touched),
  options: WriteOptions<V, R> = {},
): UseMutationResult<R, Error, V> {
  const qc = useQueryClient();
  return useMutation<R, Error, V>({
    mutationFn: write,
    onSuccess: (result, vars) => {
      const keys = typeof touches === 'function' ? touches(vars, result) : touches;
      for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
      options.onSuccess?.(result, vars);
    },
  });
}

/**
 * The rejection handler of a call whose failure the API client has already shown (its toast, from the error
 * catalogue): it settles the promise so that a prompt or button waiting on it ends, without showing the failure twice.
 * Never for a `silent` call: there the screen shows the error itself.
 */
export const shownByClient = (): void => undefined;

/**
 * The rejection handler of a form's validateFields: the form marks the fields in error itself, and the dialog stays
 * open for the user to correct them. Never for a server call.
 */
export const keepFormOpen = (): void => undefined;

/**
 * For writes that go through a shared widget rather than useWrite (CrudList's delete, a FormDialog's save): returns
 * touch(...keys), which invalidates those resources once the widget reports the write done.
 */
export function useTouch(): (...keys: Touched) => void {
  const qc = useQueryClient();
  return (...keys) => {
    for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
  };
}
