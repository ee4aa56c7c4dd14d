// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { configureClient, resetClient } from '../../api/client';
import { setLang } from '../../i18n';
import { clearSession, getHrLogin, getSession } from '../../lib/session';
import { byTestId, cleanup, render, waitFor } from '../../testing/render';
import SsoPage from './SsoPage';

vi.setConfig({ testTimeout: 30_000 });

let location = '';
function Probe() {
  const l = useLocation();
  location = l.pathname;
  return null;
}

/** A fake server: /api/sso/start answers mode, /api/sso/login answers login (or the error message). */
function serve(mode: string, login: { ok: boolean; message?: string }) {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    calls.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/api/sso/start') return new Response(JSON.stringify({ code: 0, data: { mode } }));
    if (login.ok)
      return new Response(
        JSON.stringify({ code: 0, data: { accessToken: 't1', renewToken: 'r1', LoginCode: 'staff', UserName: '张晓东', funCodes: '', sysMenus: [] } }),
      );
    return new Response(JSON.stringify({ code: 1, message: login.message }));
  });
  configureClient({ fetch, getToken: () => undefined, baseUrl: '', toast: () => undefined });
  return calls;
}

const mount = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <SsoPage />
      <Probe />
    </MemoryRouter>,
  );

beforeEach(() => {
  setLang('zh-CN');
  resetClient();
  clearSession();
  localStorage.clear();
});
afterEach(async () => {
  await cleanup();
  resetClient();
});

describe('/sso', () => {
  it('exchanges the HR code, keeps the HR-origin login and goes to /gateway', async () => {
    const calls = serve('ticket', { ok: true });
    await mount('/sso?code=A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6');
    await waitFor(() => expect(location).toBe('/gateway'));
    expect(calls.map((c) => c.path)).toEqual(['/api/sso/start', '/api/sso/login']);
    expect(calls[1].body).toMatchObject({ code: 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6' });
    expect(getSession()?.accessToken).toBe('t1');
    expect(getHrLogin()).toEqual({ LoginCode: 'staff', renewToken: 'r1', origin: 'ahr' });
  });

  it('shows the server message of a refusal and keeps no session', async () => {
    serve('ticket', { ok: false, message: '该单点登录凭证已使用过，请重新从人力资源系统进入' });
    await mount('/sso?code=A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6');
    await waitFor(() => expect(byTestId('sso-error').textContent).toBe('该单点登录凭证已使用过，请重新从人力资源系统进入'));
    expect(getSession()).toBeNull();
    expect(getHrLogin()).toBeNull();
    expect(location).toBe('/sso');
  });

  it('with a state, exchanges at once (the OpenID Connect return)', async () => {
    const calls = serve('oidc', { ok: true });
    await mount('/sso?code=abc&state=xyz');
    await waitFor(() => expect(location).toBe('/gateway'));
    expect(calls.map((c) => c.path)).toEqual(['/api/sso/login']);
    expect(calls[0].body).toMatchObject({ code: 'abc', state: 'xyz' });
  });

  it('says when single sign-on is off', async () => {
    serve('off', { ok: false });
    const { container } = await mount('/sso?code=A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6');
    await waitFor(() => expect(container.textContent).toContain('单点登录尚未配置'));
  });
});
