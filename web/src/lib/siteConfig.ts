/**
 * What the shells read from the system configuration: the portal's header and footer and single parameters (the
 * help-centre URL). Each is fetched once per page load and shared; refreshSiteConfig() (after an administrator's
 * change, or 'refresh cache') fetches again while the old value stays on screen.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { configItem, portalLayout, type PortalLayout } from '../api/sysconfig';

interface Entry {
  value?: unknown;
  stale?: boolean;
  loading?: Promise<void>;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let version = 0;

const notify = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** A failed (silent) read keeps the value shown before, or the shell's defaults when there was none. */
const keepWhatWasShown = (): void => undefined;

/** Fetch id unless it is loaded and fresh (or loading). A failure keeps what was there (the shell uses defaults). */
export function ensure(id: string, load: () => Promise<unknown>): Promise<void> {
  const e = entries.get(id) ?? {};
  if (e.loading || ('value' in e && !e.stale)) return e.loading ?? Promise.resolve();
  e.loading = load()
    .then(
      (value) => {
        e.value = value;
        e.stale = false;
        notify();
      },
      keepWhatWasShown,
    )
    .finally(() => {
      e.loading = undefined;
    });
  entries.set(id, e);
  return e.loading;
}

function useEntry<T>(id: string, load: () => Promise<T>): T | undefined {
  const value = useSyncExternalStore(subscribe, () => entries.get(id)?.value as T | undefined);
  const ver = useSyncExternalStore(subscribe, () => version);
  useEffect(() => {
    void ensure(id, load);
    // load is a fresh closure at every render; id and version decide when to fetch
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, ver]);
  return value;
}

const LAYOUT = 'layout';

/** The portal's header and footer (undefined until the first answer). */
export const usePortalLayout = () => useEntry<PortalLayout>(LAYOUT, () => portalLayout({ silent: true }));

/** A non-secret system parameter's typed value (undefined until the first answer). */
export const useConfigValue = <T>(key: string) =>
  useEntry<T>(`config:${key}`, () => configItem(key, { silent: true }).then((i) => i.value as T));

/** Show a layout just saved without asking the server again. */
export function setPortalLayout(layout: PortalLayout) {
  entries.set(LAYOUT, { value: layout });
  notify();
}

/** Everything is fetched again by the components showing it. */
export function refreshSiteConfig() {
  for (const e of entries.values()) e.stale = true;
  version++;
  notify();
}
