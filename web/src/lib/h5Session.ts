import { useSyncExternalStore } from 'react';

/**
 * The mobile plug-in's session (spec section 3: h5Token, h5userInfo, h5employeeInfo), kept in localStorage so that the
 * learner page opens signed in again (it then calls updateLoginDate). A code 401 clears it (spec section 8).
 */
export const H5_TOKEN_KEY = 'h5Token';
export const H5_USER_KEY = 'h5userInfo';
export const H5_EMPLOYEE_KEY = 'h5employeeInfo';
/** the plug-in's login: the learner page without a session */
export const H5_LOGIN_PATH = '/h5Course';

export interface H5UserInfo {
  userId: number;
  loginCode: string;
  userName: string;
  unitName: string;
}
export interface H5EmployeeInfo {
  code: string;
  name: string;
  unitName: string;
}
export interface H5Session {
  h5Token: string;
  h5userInfo: H5UserInfo;
  h5employeeInfo: H5EmployeeInfo;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function getH5Token(): string | undefined {
  return localStorage.getItem(H5_TOKEN_KEY) || undefined;
}

export function setH5Session(s: H5Session) {
  localStorage.setItem(H5_TOKEN_KEY, s.h5Token);
  localStorage.setItem(H5_USER_KEY, JSON.stringify(s.h5userInfo));
  localStorage.setItem(H5_EMPLOYEE_KEY, JSON.stringify(s.h5employeeInfo));
  notify();
}

export function clearH5Session() {
  localStorage.removeItem(H5_TOKEN_KEY);
  localStorage.removeItem(H5_USER_KEY);
  localStorage.removeItem(H5_EMPLOYEE_KEY);
  notify();
}

let cachedRaw: string | null | undefined;
let cachedUser: H5UserInfo | null = null;

/** The signed-in learner, or null. */
export function getH5User(): H5UserInfo | null {
  if (!getH5Token()) return null;
  const raw = localStorage.getItem(H5_USER_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cachedUser = raw ? (JSON.parse(raw) as H5UserInfo) : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

export function useH5User(): H5UserInfo | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getH5User,
    () => null,
  );
}
