import { useSyncExternalStore } from 'react';
import type { DictEntry, LoginResult, SysMenu } from '../api/types';
import { setThemeMode } from './themeMode';

/** Browser session user (spec section 3), kept in sessionStorage under 'userInfo'. */
export interface SessionUser extends Omit<LoginResult, 'dictData'> {
  /** every code found in the sysMenus tree */
  menuCodes: string[];
}

/** A remembered HR-origin sign-in. It holds a single-use renewal token from the server, never the password. */
export interface StoredLogin {
  LoginCode: string;
  renewToken: string;
  /** 'ahr' marks a login that came from the HR system link */
  origin: 'ahr';
}

export const USER_KEY = 'userInfo';
export const DICT_KEY = 'dictData';
export const HR_LOGIN_KEY = 'ahrLogin';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: SessionUser | null = null;
/** whether this page has read a session that it has not itself cleared (sessionLost) */
let hadSession = false;

function notify() {
  listeners.forEach((l) => l());
}

/** All codes of a menu tree, depth first. */
export function collectMenuCodes(menus: SysMenu[] | undefined): string[] {
  const out: string[] = [];
  const walk = (list: SysMenu[] | undefined) =>
    list?.forEach((m) => {
      if (m.code) out.push(m.code);
      walk(m.subMenus);
    });
  walk(menus);
  return out;
}

export function getSession(): SessionUser | null {
  const raw = sessionStorage.getItem(USER_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cachedUser = raw ? (JSON.parse(raw) as SessionUser) : null;
    } catch {
      cachedUser = null;
    }
  }
  if (cachedUser) hadSession = true;
  return cachedUser;
}

/**
 * The session is gone without this page signing out: it read a session earlier, and session storage no longer holds
 * it (cleared by the user or the browser, or by a sign-out in a window sharing the storage). Spec section 8's 'no
 * session cookie' (docs/decisions/0018-session-lost.md).
 */
export function sessionLost(): boolean {
  return hadSession && !getSession();
}

export function getToken(): string | undefined {
  return getSession()?.accessToken || undefined;
}

function writeUser(user: SessionUser) {
  sessionStorage.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

/** Window event fired when dictData is stored (dictionary selects and labels re-read it). */
export const DICT_EVENT = 'biddesk:dictData';

export function storeDictData(data: DictEntry[] | undefined) {
  localStorage.setItem(DICT_KEY, JSON.stringify(data ?? []));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(DICT_EVENT));
}

/** Store the answer of a login (or session refresh): user info in sessionStorage, dictData in localStorage. */
export function saveLogin(result: LoginResult): SessionUser {
  const { dictData, ...rest } = result;
  const previous = getSession();
  const user: SessionUser = {
    ...rest,
    accessToken: rest.accessToken || previous?.accessToken || '',
    funCodes: rest.funCodes ?? '',
    sysMenus: rest.sysMenus ?? [],
    menuCodes: collectMenuCodes(rest.sysMenus),
  };
  if (dictData) storeDictData(dictData);
  // the account's colour theme wins over this browser's copy (an older server sends none: the copy stays)
  setThemeMode(rest.theme);
  writeUser(user);
  return user;
}

export function updateSession(patch: Partial<SessionUser>) {
  const user = getSession();
  if (user) writeUser({ ...user, ...patch });
}

/** Logout / invalid token: forget the user and the dictionary cache. */
export function clearSession() {
  hadSession = false;
  sessionStorage.removeItem(USER_KEY);
  localStorage.removeItem(DICT_KEY);
  notify();
}

export function getHrLogin(): StoredLogin | null {
  try {
    const v = JSON.parse(localStorage.getItem(HR_LOGIN_KEY) ?? 'null') as StoredLogin | null;
    return v && v.origin === 'ahr' && v.LoginCode && v.renewToken ? v : null;
  } catch {
    return null;
  }
}

export function setHrLogin(login: Omit<StoredLogin, 'origin'>) {
  localStorage.setItem(HR_LOGIN_KEY, JSON.stringify({ ...login, origin: 'ahr' }));
}

export function clearHrLogin() {
  localStorage.removeItem(HR_LOGIN_KEY);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === USER_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, getSession);
}
