import { describe, expect, it } from 'vitest';
import type { StoredLogin } from '../lib/session';
import { guard } from './guard';

const session = { menuCodes: ['welcome', 'sys', 'sysuser'] };
const hr: StoredLogin = { LoginCode: 'hr1', renewToken: 'r'.repeat(64), origin: 'ahr' };
const q = (s = '') => new URLSearchParams(s);
const CODE32 = 'A'.repeat(16) + '1234567890abcdef';

describe('route guard', () => {
  it('public routes pass', () => {
    for (const p of ['/login', '/ahrLogin', '/login2', '/sso']) expect(guard(p, q(), null, null)).toEqual({ kind: 'allow' });
  });

  it("a certificate's verification page passes without a session, signed in or not", () => {
    for (const s of [null, session]) expect(guard('/verify/cert/BD-2026-000123', q(), s, null)).toEqual({ kind: 'allow' });
    expect(guard('/verify/cert/BD-2026-000123/x', q(), null, null)).not.toEqual({ kind: 'allow' });
  });

  it('a 32-35 character alphanumeric code sends to /sso, keeping the query', () => {
    expect(guard('/gateway', q(`code=${CODE32}&x=1`), null, null)).toEqual({ kind: 'redirect', to: `/sso?code=${CODE32}&x=1` });
    expect(guard('/', q(`code=${CODE32}abc`), session, null)).toMatchObject({ kind: 'redirect', to: `/sso?code=${CODE32}abc` });
    expect(guard('/login', { code: CODE32 }, null, null)).toEqual({ kind: 'redirect', to: `/sso?code=${CODE32}` });
  });

  it('other codes do not', () => {
    expect(guard('/login', q(`code=${'a'.repeat(31)}`), null, null)).toEqual({ kind: 'allow' });
    expect(guard('/login', q(`code=${'a'.repeat(36)}`), null, null)).toEqual({ kind: 'allow' });
    expect(guard('/login', q(`code=${'a'.repeat(31)}-`), null, null)).toEqual({ kind: 'allow' });
    expect(guard('/sso', q(`code=${CODE32}`), null, null)).toEqual({ kind: 'allow' });
  });

  it('a stored HR-origin login without a session signs in silently', () => {
    expect(guard('/gateway', q(), null, hr)).toEqual({
      kind: 'silentLogin',
      login: { LoginCode: 'hr1', renewToken: 'r'.repeat(64) },
      remember: true,
    });
    expect(guard('/', q(), null, hr)).toMatchObject({ kind: 'silentLogin' });
    // with a session the stored login is not used
    expect(guard('/gateway', q(), session, hr)).toEqual({ kind: 'allow' });
  });

  it("the 'ahr' flag with LoginCode and PassWord signs in silently and is remembered", () => {
    expect(guard('/ahrLogin', q('ahr=1&LoginCode=u1&PassWord=p1'), null, null)).toEqual({
      kind: 'silentLogin',
      login: { LoginCode: 'u1', PassWord: 'p1' },
      remember: true,
    });
    expect(guard('/gateway', q('ahr&LoginCode=u1&PassWord=p1'), null, null)).toMatchObject({ kind: 'silentLogin' });
    // incomplete: no silent login
    expect(guard('/ahrLogin', q('ahr=1&LoginCode=u1'), null, null)).toEqual({ kind: 'allow' });
  });

  it("'/' goes to /gateway with a session, else /login", () => {
    expect(guard('/', q(), session, null)).toEqual({ kind: 'redirect', to: '/gateway' });
    expect(guard('/', q(), null, null)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('login screens go to /gateway when signed in', () => {
    for (const p of ['/login', '/ahrLogin', '/login2']) expect(guard(p, q(), session, null)).toEqual({ kind: 'redirect', to: '/gateway' });
  });

  it('any other route without a session goes to /login', () => {
    for (const p of ['/gateway', '/gatewayDetail/packs', '/welcome', '/sysuser', '/nowhere'])
      expect(guard(p, q(), null, null)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('portal routes pass with a session', () => {
    expect(guard('/gateway', q(), session, null)).toEqual({ kind: 'allow' });
    expect(guard('/gatewayDetail/caKeyClass/', q(), session, null)).toEqual({ kind: 'allow' });
  });

  it('admin routes need their menu code', () => {
    expect(guard('/sysuser', q(), session, null)).toEqual({ kind: 'allow' });
    expect(guard('/welcome', q(), session, null)).toEqual({ kind: 'allow' });
    expect(guard('/expert_talents2_license', q(), session, null)).toEqual({ kind: 'forbidden' });
    expect(guard('/personnel_login', q(), { menuCodes: [] }, null)).toEqual({ kind: 'forbidden' });
  });

  it('unknown paths pass to the not-found page when signed in', () => {
    expect(guard('/nowhere', q(), session, null)).toEqual({ kind: 'allow' });
  });

  it('a dynamic report in the side menu opens /dreport without its menu code; other admin routes stay refused', () => {
    const staff = { menuCodes: ['dreport_menu', 'dreport_7'], sysMenus: [{ code: 'dreport_menu', name: '报表', path: '', icon: '', subMenus: [{ code: 'dreport_7', name: 'R', path: '/dreport?id=7', icon: '', subMenus: [] }] }] };
    expect(guard('/dreport', q('id=7'), staff, null)).toEqual({ kind: 'allow' });
    expect(guard('/sysuser', q(), staff, null)).toEqual({ kind: 'forbidden' });
    expect(guard('/dreport', q(), { menuCodes: ['welcome'] }, null)).toEqual({ kind: 'forbidden' });
  });
});
