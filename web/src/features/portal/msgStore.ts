/**
 * The caller's unread message count, shown on the portal's 'Messages' navigation item: asked when the shell
 * mounts, and set by the home page and the message screen from their own answers.
 */
import { useSyncExternalStore } from 'react';
import { listMessages } from '../../api/portal';

let unread: number | undefined;
const listeners = new Set<() => void>();

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function setUnread(n: number | undefined) {
  const v = typeof n === 'number' && n >= 0 ? n : undefined;
  if (v === unread) return;
  unread = v;
  listeners.forEach((l) => l());
}

/** A failed (silent) ask keeps the count shown; the next ask corrects it. */
const keepCount = (): void => undefined;

/** Ask the server (one unread message is enough: the answer carries the count). */
export function refreshUnread(): Promise<void> {
  return listMessages({ state: 'unread', current: '1', limit: '1' }, { silent: true }).then(
    (d) => setUnread(d?.unread),
    keepCount,
  );
}

export const useUnread = () => useSyncExternalStore(subscribe, () => unread);
