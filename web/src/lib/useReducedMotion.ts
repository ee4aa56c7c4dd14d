import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function list(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const mq = list();
  mq?.addEventListener?.('change', onChange);
  return () => mq?.removeEventListener?.('change', onChange);
}

/**
 * True while the person has asked their system for less motion (prefers-reduced-motion: reduce): antd's opening and
 * closing animations are turned off and nothing moves by itself (the banner carousel does not autoplay). The
 * end-to-end browser asks for it too, so its tests do not wait for, or render, animations.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => list()?.matches ?? false, () => false);
}
