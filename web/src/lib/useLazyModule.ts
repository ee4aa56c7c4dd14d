import { useEffect, useReducer } from 'react';

/** The modules loaded so far, by their loader: loaded once per page, shared by every component that uses them. */
const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * A module fetched on first use (a dynamic `import()`, not server state): undefined until it has arrived, then the
 * module, at once for every later user. `load` must be stable (a module-level constant). The only way the web code
 * waits for a lazy module inside a component: no hand-written race flag, since the result lands in the shared map and
 * a component that has gone or asked for another loader just reads the map again.
 */
export function useLazyModule<M>(load: () => Promise<M>): M | undefined {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (loaded.has(load)) return;
    load().then(
      (m) => {
        loaded.set(load, m);
        arrived();
      },
      (e: unknown) => console.error('lazy module not loaded', e),
    );
  }, [load]);
  return loaded.get(load) as M | undefined;
}
