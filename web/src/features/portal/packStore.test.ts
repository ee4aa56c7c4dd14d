import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, resetClient } from '../../api/client';
import type { PortalHit } from '../../api/portal';
import { addToPack, clearPack, loadPack, packSnapshot, removeFromPack, resetPack, subscribePack } from './packStore';

const hit = (id: number, type = 'license'): PortalHit => ({
  id,
  type,
  typeName: type,
  tab: 'enterprise',
  title: `record ${id}`,
  summary: '',
  unitName: '',
  date: '',
  validTo: '',
  period: false,
  validFrom: '',
  expiry: '',
  downloads: 0,
  fileCount: 1,
  tags: [],
  createdAt: '2026-01-01T00:00:00Z',
  highlights: { title: [[0, 2]] },
});

/** A pack server in memory: GET /api/portal/pack and the three writes; `refuse` makes the next write fail. */
function fakeServer(initial: number[] = []) {
  const server = { ids: [...initial], refuse: '', calls: [] as string[] };
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = String(input);
    const path = url.split('?')[0];
    server.calls.push(`${init?.method ?? 'GET'} ${path}`);
    const body = init?.body ? (JSON.parse(String(init.body)) as { ids?: number[] }) : {};
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: '', data }), { status: 200 });
    if (path.endsWith('/api/portal/pack')) return ok({ records: server.ids.map((id) => hit(id)) });
    if (server.refuse) {
      const message = server.refuse;
      server.refuse = '';
      return new Response(JSON.stringify({ code: 1, message, data: null }), { status: 400 });
    }
    if (path.endsWith('/pack/add')) server.ids.push(...(body.ids ?? []).filter((id) => !server.ids.includes(id)));
    else if (path.endsWith('/pack/del')) server.ids = server.ids.filter((id) => !(body.ids ?? []).includes(id));
    else if (path.endsWith('/pack/clear')) server.ids = [];
    return ok(null);
  });
  return { server, fetch };
}

const toast = vi.fn();
const settled = () => new Promise((r) => setTimeout(r, 10));

beforeEach(() => {
  resetClient();
  resetPack();
  toast.mockReset();
});
afterEach(() => resetClient());

const use = (f: typeof globalThis.fetch) => configureClient({ fetch: f, getToken: () => 'tok', baseUrl: '', toast, getLang: () => 'en' });

describe('the bid pack store', () => {
  it('loads the pack once and shares it', async () => {
    const { server, fetch } = fakeServer([1, 2]);
    use(fetch);
    expect(packSnapshot().status).toBe('idle');
    await Promise.all([loadPack(), loadPack()]);
    expect(packSnapshot().status).toBe('ready');
    expect([...packSnapshot().ids]).toEqual([1, 2]);
    await loadPack();
    expect(server.calls).toEqual(['GET /api/portal/pack']);
  });

  it('shows an added record at once, sends it, and then holds what the server says', async () => {
    const { server, fetch } = fakeServer([1]);
    use(fetch);
    await loadPack();
    const seen: boolean[] = [];
    const off = subscribePack(() => seen.push(packSnapshot().ids.has(5)));
    const done = addToPack([hit(5), hit(5), hit(1)]);
    // optimistic: in the pack and pending before the server answers
    expect(packSnapshot().ids.has(5)).toBe(true);
    expect(packSnapshot().pending.has(5)).toBe(true);
    expect(await done).toBe(true);
    await settled();
    off();
    expect(server.ids).toEqual([1, 5]);
    expect(server.calls).toContain('POST /api/portal/pack/add');
    expect(packSnapshot().pending.size).toBe(0);
    expect(packSnapshot().records.map((r) => r.id)).toEqual([1, 5]);
    expect(seen.every(Boolean)).toBe(true);
    // only the new record was sent, once
    const add = fetch.mock.calls.find(([u]) => String(u).endsWith('/pack/add'));
    expect(JSON.parse(String(add?.[1]?.body))).toEqual({ ids: [5] });
  });

  it('adding what is already in the pack sends nothing', async () => {
    const { server, fetch } = fakeServer([3]);
    use(fetch);
    await loadPack();
    expect(await addToPack([hit(3)])).toBe(true);
    expect(server.calls).toEqual(['GET /api/portal/pack']);
  });

  it('takes a refused add back and lets the client show the message', async () => {
    const { server, fetch } = fakeServer([1]);
    use(fetch);
    await loadPack();
    server.refuse = '标书包最多100份资料';
    expect(await addToPack([hit(9)])).toBe(false);
    expect(packSnapshot().ids.has(9)).toBe(false);
    expect(toast).toHaveBeenCalledWith('error', '标书包最多100份资料', expect.any(Number));
    await settled();
    expect([...packSnapshot().ids]).toEqual([1]);
  });

  it('removes and clears, taking a refused removal back', async () => {
    const { server, fetch } = fakeServer([1, 2, 3]);
    use(fetch);
    await loadPack();
    expect(await removeFromPack([2])).toBe(true);
    await settled();
    expect(server.ids).toEqual([1, 3]);
    expect([...packSnapshot().ids]).toEqual([1, 3]);

    server.refuse = 'no';
    expect(await removeFromPack([3])).toBe(false);
    expect(packSnapshot().ids.has(3)).toBe(true);

    expect(await clearPack()).toBe(true);
    expect(packSnapshot().records).toEqual([]);
    await settled();
    expect(server.ids).toEqual([]);
    expect(packSnapshot().records).toEqual([]);
  });

  it('a failed first load is an error state, not an empty pack', async () => {
    use(vi.fn<typeof globalThis.fetch>(async () => new Response('{"code":1,"message":"x"}', { status: 500 })));
    await loadPack();
    expect(packSnapshot().status).toBe('error');
    // silent: the header's badge does not toast
    expect(toast).not.toHaveBeenCalled();
  });
});
