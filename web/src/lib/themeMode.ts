import { useSyncExternalStore } from 'react';

/**
 * The colour theme (issue 34): light, dark, or the device's setting. The account's choice is remembered on the server
 * (the session user's `theme`, PUT /api/sys/user/theme) and copied into localStorage, from which public/theme-init.js
 * sets `data-theme` on <html> before the first paint; app/theme.css switches its variables on it and antd's
 * ConfigProvider (app/AntdRoot.tsx) its algorithm. No antd here: the sign-in screen uses it too.
 */
export type ThemeMode = 'light' | 'dark' | 'system';
export type Scheme = 'light' | 'dark';

/** The localStorage key public/theme-init.js reads: keep the two in step. */
export const THEME_KEY = 'bd-theme';
export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];

const listeners = new Set<() => void>();
const media = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;

export const isThemeMode = (v: unknown): v is ThemeMode => THEME_MODES.includes(v as ThemeMode);

/** The mode chosen in this browser (a copy of the account's), else the system's. */
export function getThemeMode(): ThemeMode {
  try {
    const v = typeof localStorage === 'undefined' ? null : localStorage.getItem(THEME_KEY);
    return isThemeMode(v) ? v : 'system';
  } catch {
    return 'system';
  }
}

/** The scheme a mode shows now. */
export function schemeOf(mode: ThemeMode): Scheme {
  return mode === 'dark' || (mode === 'system' && !!media?.matches) ? 'dark' : 'light';
}

export const currentScheme = (): Scheme => schemeOf(getThemeMode());

/** Marks <html> with the scheme in force (theme.css's variables follow it) and tells the subscribers. */
export function applyTheme() {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = currentScheme();
  listeners.forEach((l) => l());
}

/** Shows `mode` and keeps it in this browser; an unknown value (an older server) changes nothing. */
export function setThemeMode(mode: unknown) {
  if (!isThemeMode(mode)) return;
  try {
    localStorage.setItem(THEME_KEY, mode);
  } catch {
    /* storage refused (private mode): the mode still shows on this page */
  }
  applyTheme();
}

// 'system' follows the device when it switches; another tab's choice shows here too
media?.addEventListener?.('change', () => getThemeMode() === 'system' && applyTheme());
if (typeof window !== 'undefined') window.addEventListener('storage', (e) => e.key === THEME_KEY && applyTheme());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The scheme in force, re-rendering when it changes. */
export const useScheme = (): Scheme => useSyncExternalStore(subscribe, currentScheme, () => 'light');

/** The mode chosen, re-rendering when it changes. */
export const useThemeMode = (): ThemeMode => useSyncExternalStore(subscribe, getThemeMode, () => 'system');
