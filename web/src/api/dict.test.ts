import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n';
import { configureClient, defineApis, resetClient } from './client';
import { genericDict } from './dict';

function setup(fetch: typeof globalThis.fetch) {
  const fx = { toast: vi.fn(), confirm: vi.fn(async () => undefined), navigate: vi.fn(), clearSession: vi.fn(), logError: vi.fn() };
  configureClient({ ...fx, fetch, getToken: () => 'tok', getLang: () => 'en', baseUrl: '' });
  return fx;
}

describe('the generic dictionary call', () => {
  beforeEach(() => {
    setLang('en');
    resetClient();
  });

  it("sends id 1853 and commID 185301 with the extra parameters to the API named 'dict'", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify({ code: 0, data: [{ key: '男', value: 1, isDefault: 1 }] })));
    setup(fetch);
    await expect(genericDict({ key: 'gender' })).resolves.toEqual([{ key: '男', value: 1, isDefault: 1 }]);
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://x');
    expect(url.pathname).toBe('/api/sys/common/dict');
    expect(Object.fromEntries(url.searchParams)).toEqual({ key: 'gender', id: '1853', commID: '185301' });
  });

  it('the extra parameters cannot replace the query identifiers', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify({ code: 0, data: [] })));
    setup(fetch);
    await genericDict({ key: 'gender', id: '1', commID: '2' });
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://x');
    expect(url.searchParams.get('id')).toBe('1853');
    expect(url.searchParams.get('commID')).toBe('185301');
  });

  it('uses a configured API name, and an unknown name fails with the catalogue message', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify({ code: 0, data: [] })));
    const fx = setup(fetch);
    defineApis({ tenderDict: { method: 'GET', path: '/api/sys/common/dict/item2' } });
    await genericDict({ key: 'x' }, 'tenderDict');
    expect(new URL(String(fetch.mock.calls[0][0]), 'http://x').pathname).toBe('/api/sys/common/dict/item2');
    await expect(genericDict({ key: 'x' }, 'noSuchApi')).rejects.toThrow('The interface function call is wrong, please check the function name');
    expect(fx.toast).toHaveBeenCalled();
  });
});
