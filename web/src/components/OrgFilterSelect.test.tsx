// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, resetClient } from '../api/client';
import { setLang } from '../i18n';
import { byTestId, cleanup, render, settle, waitFor } from '../testing/render';
import OrgFilterSelect from './OrgFilterSelect';

vi.setConfig({ testTimeout: 30_000 });

let calls: string[] = [];

beforeEach(() => {
  setLang('zh-CN');
  resetClient();
  calls = [];
  configureClient({
    getToken: () => 'tok',
    baseUrl: '',
    toast: () => undefined,
    fetch: vi.fn<typeof fetch>(async (url) => {
      calls.push(String(url));
      const data = [{ fullUnitCode: '10', unitName: '华信服务集团', parentFullUnitCode: '', fullUnitName: '华信服务集团', level: '1', isClick: true, hasChildren: false, disabled: false }];
      return new Response(JSON.stringify({ code: 0, message: '', data }));
    }),
  });
});
afterEach(async () => {
  await cleanup();
  resetClient();
});

describe('the search cards’ organisation filter', () => {
  it('is a stand-in with the placeholder until focused, then the tree select, which keeps the focus', async () => {
    await render(<OrgFilterSelect testId="unit" />);
    await settle(20);
    expect(byTestId('unit').textContent).toContain('请从组织树中选择');
    expect(byTestId('unit').className).not.toContain('ant-tree-select');
    expect(calls).toEqual([]);

    const input = byTestId('unit').querySelector('input')!;
    await act(async () => input.focus());
    await waitFor(() => expect(calls.some((c) => c.includes('getByPid'))).toBe(true));
    await waitFor(() => expect(document.activeElement?.closest('[data-testid="unit"]')).toBeTruthy());
    expect(byTestId('unit').className).toContain('ant-tree-select');
  });

  it('is the tree select at once when it has a value', async () => {
    await render(<OrgFilterSelect testId="unit" value="10" label="华信服务集团" />);
    await waitFor(() => expect(byTestId('unit').className).toContain('ant-tree-select'));
    expect(byTestId('unit').textContent).toContain('华信服务集团');
  });
});
