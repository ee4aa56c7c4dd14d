import { useSyncExternalStore } from 'react';
import { findRoute } from '../app/routes';

let url = '';
const listeners = new Set<() => void>();

/**
 * Load the logout URL returned by POST /api/logout in the hidden frame (e.g. to end an SSO session).
 * A URL that is just one of our own public screens (the default '/login') needs no frame.
 */
export function loadLogoutFrame(logoutUrl: string | null | undefined) {
  if (!logoutUrl) return;
  try {
    const target = new URL(logoutUrl, window.location.href);
    if (target.origin === window.location.origin && findRoute(target.pathname)?.shell === 'public') return;
    url = target.href;
  } catch {
    return;
  }
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The shell's hidden logout frame (spec section 2). */
export default function LogoutFrame() {
  const src = useSyncExternalStore(subscribe, () => url);
  return src ? <iframe className="bd-logout-frame" src={src} title="logout" aria-hidden="true" tabIndex={-1} /> : null;
}
