import { beforeEach, describe, expect, it } from 'vitest';
import { hasPermission, noneOf } from './permission';
import { clearSession, saveLogin } from './session';

describe('hasPermission', () => {
  it('is true when the code is in the comma-separated list', () => {
    expect(hasPermission('sysuser:add', 'welcome,sysuser:add,sysuser:del')).toBe(true);
    expect(hasPermission('sysuser', 'welcome, sysuser ,x')).toBe(true);
  });
  it('is false when the code is not held (no partial matches)', () => {
    expect(hasPermission('sysuser', 'sysuser:add,welcome')).toBe(false);
    expect(hasPermission('x', '')).toBe(false);
  });
  it('is false without a list', () => {
    expect(hasPermission('welcome', null)).toBe(false);
  });
});

describe('noneOf', () => {
  it('is true only when none of the codes is held', () => {
    expect(noneOf('a,b', 'c,d')).toBe(true);
    expect(noneOf('a,b', 'c,b')).toBe(false);
    expect(noneOf('a', 'a')).toBe(false);
  });
  it('is false without a list', () => {
    expect(noneOf('a,b', null)).toBe(false);
  });
});

describe('with the session', () => {
  beforeEach(() => clearSession());
  it('reads funCodes from the session by default', () => {
    expect(hasPermission('welcome')).toBe(false);
    expect(noneOf('welcome')).toBe(false);
    saveLogin({ accessToken: 't', UserName: 'u', funCodes: 'welcome,sysuser', sysMenus: [], updatePwd: 0 });
    expect(hasPermission('welcome')).toBe(true);
    expect(hasPermission('dict')).toBe(false);
    expect(noneOf('dict,task')).toBe(true);
    expect(noneOf('dict,sysuser')).toBe(false);
  });
});
