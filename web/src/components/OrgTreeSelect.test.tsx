// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, resetClient } from '../api/client';
import { setLang } from '../i18n';
import { cleanup, render, waitFor } from '../testing/render';
import OrgTreeSelect from './OrgTreeSelect';

vi.setConfig({ testTimeout: 30_000 });

const unit = (fullUnitCode: string, unitName: string) => ({
  fullUnitCode,
  unitName,
  parentFullUnitCode: fullUnitCode.slice(0, -3),
  fullUnitName: unitName,
  level: '4',
  isClick: false,
  hasChildren: false,
  disabled: false,
});

beforeEach(() => {
  setLang('zh-CN');
  resetClient();
});
afterEach(async () => {
  await cleanup();
  resetClient();
});

describe('the organisation select', () => {
  it("names a stored unit whose branch is not loaded, never showing its code", async () => {
    const calls: string[] = [];
    configureClient({
      getToken: () => 'tok',
      baseUrl: '',
      toast: () => undefined,
      fetch: vi.fn<typeof fetch>(async (url) => {
        const u = String(url);
        calls.push(u);
        // the roots only; the stored unit lies deep below them and is found by the name-or-code look-up
        const data = u.includes('getByNameOrCode')
          ? [unit('100213017', '项目三部'), unit('100213017001', '下级')]
          : [{ ...unit('10', '华信服务集团'), hasChildren: true }];
        return new Response(JSON.stringify({ code: 0, message: '', data }));
      }),
    });
    const { container } = await render(<OrgTreeSelect value="100213017" testId="unit" />);
    await waitFor(() => expect(container.textContent).toContain('项目三部'));
    expect(container.textContent).not.toContain('100213017');
    expect(calls.some((c) => c.includes('getByNameOrCode') && c.includes('100213017'))).toBe(true);
  });
});
