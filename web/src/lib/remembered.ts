import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A module loader that asks once and keeps what it loaded. */
export interface Remembered<M> {
  /** the module: asked for on the first call (again after a failure), the same promise after */
  load(): Promise<M>;
  /** the module once it has arrived */
  value(): M | undefined;
}

export function remembered<M>(load: () => Promise<M>): Remembered<M> {
  let promise: Promise<M> | undefined;
  let value: M | undefined;
  return {
    load: () =>
      (promise ??= load().then(
        (m) => (value = m),
        (e: unknown) => {
          promise = undefined;
          throw e;
        },
      )),
    value: () => value,
  };
}

/**
 * React.lazy over a remembered loader that renders at once once the module is in. React.lazy suspends on the first
 * render even when the import has long finished (a promise answers a tick later), and each suspension of a chain
 * (antd's root, the shell, the page) costs a commit of the fallback and a later render, which React may hold back up to
 * 300 ms (issue 28, docs/performance.md 'Full loads in Chromium'). A thenable that answers during `then` lets React.lazy
 * take the module in the same render.
 */
export function lazyRemembered<C extends ComponentType>(module: Remembered<{ default: C }>): LazyExoticComponent<C> {
  return lazy(() => {
    const m = module.value();
    if (!m) return module.load();
    // React.lazy calls then() and reads the module it was handed before deciding to suspend
    const now = { then: (ok: (v: { default: C }) => unknown) => (ok(m), now) };
    return now as unknown as Promise<{ default: C }>;
  });
}
