// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { configureClient, resetClient } from '../../api/client';
import type { PortalMessage } from '../../api/portal';
import { setLang } from '../../i18n';
import { byTestId, cleanup, click, render, waitFor } from '../../testing/render';
import GatewayMsgPage, { readMsgQuery } from './GatewayMsgPage';

vi.setConfig({ testTimeout: 30_000 });

const msg = (id: number, kind: PortalMessage['kind'], state: PortalMessage['state'], ref?: Partial<PortalMessage>): PortalMessage => ({
  id,
  kind,
  title: `message ${id}`,
  content: `content ${id}`,
  state,
  createdAt: '2026-11-24T08:00:00Z',
  refType: '',
  refId: 0,
  refTab: '',
  ...ref,
});

/** The caller's messages on a fake server: list (with the filters), read, readAll. */
function fakeServer() {
  const server = {
    messages: [
      msg(27, 'expiry', 'unread', { refType: 'cakey', refId: 14, refTab: 'caKeyClass' }),
      msg(20, 'announcement', 'unread', { refType: 'announcement', refId: 20 }),
      msg(5, 'review', 'read'),
    ],
    calls: [] as string[],
  };
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    server.calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    let data: unknown = null;
    if (url.pathname === '/api/portal/msg/list') {
      const state = url.searchParams.get('state');
      const kind = url.searchParams.get('kind');
      const records = server.messages.filter((m) => (!state || m.state === state) && (!kind || m.kind === kind));
      data = { records, current: 1, limit: 20, total: records.length, pages: 1, unread: server.messages.filter((m) => m.state === 'unread').length };
    } else if (url.pathname === '/api/portal/msg/read') {
      const { items } = JSON.parse(String(init?.body)) as { items: { kind: string; id: number }[] };
      for (const it of items) server.messages.forEach((m) => m.kind === it.kind && m.id === it.id && (m.state = 'read'));
    } else if (url.pathname === '/api/portal/msg/readAll') {
      server.messages.forEach((m) => (m.state = 'read'));
    }
    return new Response(JSON.stringify({ code: 0, message: '', data }));
  });
  return { server, fetch };
}

let location = '';
function Probe() {
  const l = useLocation();
  location = l.pathname + l.search;
  return null;
}

const mount = (url = '/gatewayMsg') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <GatewayMsgPage />
      <Probe />
    </MemoryRouter>,
  );

beforeEach(() => {
  setLang('zh-CN');
  resetClient();
});
afterEach(async () => {
  await cleanup();
  resetClient();
});

describe('the message list', () => {
  it('reads its filters from the route query', () => {
    expect(readMsgQuery(new URLSearchParams('state=unread&kind=loan&page=2'))).toEqual({ state: 'unread', kind: 'loan', page: 2, pageSize: 20 });
    expect(readMsgQuery(new URLSearchParams('state=x&kind=y'))).toEqual({ state: undefined, kind: undefined, page: 1, pageSize: 20 });
  });

  it('opening an unread message shows it whole and marks it read', async () => {
    const { server, fetch } = fakeServer();
    configureClient({ fetch, getToken: () => 'tok', baseUrl: '', toast: () => undefined });
    await mount();
    await waitFor(() => byTestId('msg-list'));
    expect(byTestId('msg-item-expiry-27').getAttribute('data-state')).toBe('unread');
    expect(byTestId('msg-unread-count').textContent).toContain('2');
    await click(byTestId('msg-open-expiry-27'));
    expect(byTestId('msg-open-expiry-27').getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(byTestId('msg-item-expiry-27').getAttribute('data-state')).toBe('read'));
    expect(server.calls).toContain('POST /api/portal/msg/read');
    expect(server.messages[0].state).toBe('read');
    expect(byTestId('msg-unread-count').textContent).toContain('1');
  });

  it('a message leads to its material on its tab with the drawer open', async () => {
    const { fetch } = fakeServer();
    configureClient({ fetch, getToken: () => 'tok', baseUrl: '', toast: () => undefined });
    await mount();
    await waitFor(() => byTestId('msg-list'));
    await click(byTestId('msg-go-expiry-27'));
    expect(location).toBe('/gatewayDetail/caKeyClass?id=14');
  });

  it('an announcement opens in place', async () => {
    const { fetch } = fakeServer();
    configureClient({ fetch, getToken: () => 'tok', baseUrl: '', toast: () => undefined });
    await mount('/gatewayMsg?kind=announcement');
    await waitFor(() => byTestId('msg-list'));
    expect(document.querySelectorAll('[data-testid^="msg-item-"]')).toHaveLength(1);
    await click(byTestId('msg-go-announcement-20'));
    expect(location).toBe('/gatewayMsg?kind=announcement&id=20');
  });

  it('marks everything read and asks again', async () => {
    const { server, fetch } = fakeServer();
    configureClient({ fetch, getToken: () => 'tok', baseUrl: '', toast: () => undefined });
    await mount('/gatewayMsg?state=unread');
    await waitFor(() => byTestId('msg-list'));
    expect(document.querySelectorAll('[data-testid^="msg-item-"]')).toHaveLength(2);
    await click(byTestId('msg-read-all'));
    await waitFor(() => byTestId('msg-empty'));
    expect(server.calls).toContain('POST /api/portal/msg/readAll');
    expect(byTestId<HTMLButtonElement>('msg-read-all').disabled).toBe(true);
  });

  it('shows the failure with a retry', async () => {
    let fail = true;
    const { fetch: ok } = fakeServer();
    const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) =>
      fail ? new Response(JSON.stringify({ code: 1, message: '服务暂不可用', data: null }), { status: 400 }) : ok(input, init),
    );
    configureClient({ fetch, getToken: () => 'tok', baseUrl: '', toast: () => undefined });
    await mount();
    await waitFor(() => byTestId('msg-error'));
    expect(byTestId('msg-error').textContent).toContain('服务暂不可用');
    fail = false;
    await click(byTestId('msg-retry'));
    await waitFor(() => byTestId('msg-list'));
  });
});
