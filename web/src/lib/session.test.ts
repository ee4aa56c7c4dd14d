import { beforeEach, describe, expect, it } from 'vitest';
import type { LoginResult } from '../api/types';
import {
  clearHrLogin,
  clearSession,
  collectMenuCodes,
  DICT_KEY,
  getHrLogin,
  getSession,
  getToken,
  HR_LOGIN_KEY,
  saveLogin,
  setHrLogin,
  updateSession,
  USER_KEY,
} from './session';

const login: LoginResult = {
  accessToken: 'abc',
  UserName: '系统管理员',
  funCodes: 'welcome,sysuser',
  sysMenus: [
    { code: 'sys', name: '系统管理', subMenus: [{ code: 'sysuser', name: '用户管理', path: '/sysuser', subMenus: [] }] },
    { code: 'welcome', name: '欢迎', path: '/welcome' },
  ],
  updatePwd: 1,
  logout_url: '/login',
  dictData: [{ key: 'k', value: '1' }],
};

beforeEach(() => {
  clearSession();
  clearHrLogin();
});

describe('session', () => {
  it('collects every code of the menu tree', () => {
    expect(collectMenuCodes(login.sysMenus)).toEqual(['sys', 'sysuser', 'welcome']);
  });

  it("stores the user in sessionStorage 'userInfo' and dictData in localStorage", () => {
    saveLogin(login);
    const stored = JSON.parse(sessionStorage.getItem(USER_KEY)!);
    expect(stored.accessToken).toBe('abc');
    expect(stored.menuCodes).toEqual(['sys', 'sysuser', 'welcome']);
    expect(stored.dictData).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(DICT_KEY)!)).toEqual(login.dictData);
    expect(getToken()).toBe('abc');
  });

  it('updates and clears', () => {
    saveLogin(login);
    updateSession({ updatePwd: 0 });
    expect(getSession()?.updatePwd).toBe(0);
    clearSession();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(DICT_KEY)).toBeNull();
  });

  it('keeps the token when a session refresh answers without one', () => {
    saveLogin(login);
    saveLogin({ ...login, accessToken: '' });
    expect(getToken()).toBe('abc');
  });

  it('remembers an HR-origin login only in the ahr form', () => {
    expect(getHrLogin()).toBeNull();
    setHrLogin({ LoginCode: 'u', renewToken: 'p' });
    expect(getHrLogin()).toEqual({ LoginCode: 'u', renewToken: 'p', origin: 'ahr' });
    localStorage.setItem(HR_LOGIN_KEY, JSON.stringify({ LoginCode: 'u', renewToken: 'p' }));
    expect(getHrLogin()).toBeNull();
  });
});
