// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { configureClient, resetClient } from '../../api/client';
import type { PortalHit } from '../../api/portal';
import { setLang } from '../../i18n';
import { byTestId, cleanup, click, render, waitFor } from '../../testing/render';
import { HitCard, Highlighted, hitDates } from './HitCard';
import { resetPack } from './packStore';

vi.setConfig({ testTimeout: 30_000 });

const hit: PortalHit = {
  id: 7,
  type: 'license',
  typeName: '企业证照',
  tab: 'enterprise',
  title: '<b>物业</b>服务企业资质证书',
  summary: '华信服务股份有限公司 · WY-ZJ-2019-0102',
  unitName: '投标支持中心',
  date: '2022-10-16',
  validTo: '2026-12-06',
  period: false,
  validFrom: '',
  expiry: 'expiring',
  downloads: 3,
  fileCount: 2,
  tags: [{ id: 1, name: '物业管理', color: '' }],
  createdAt: '2026-01-01T00:00:00Z',
  highlights: { title: [[3, 5]], summary: [[2, 4]] },
};

let search = '';
function Probe() {
  search = useLocation().search;
  return null;
}

beforeEach(() => {
  setLang('zh-CN');
  resetClient();
  resetPack();
});
afterEach(async () => {
  await cleanup();
  resetClient();
});

describe('a search hit', () => {
  it('marks the highlighted ranges and never reads the text as HTML', async () => {
    const { container } = await render(<Highlighted text={hit.title} ranges={hit.highlights?.title} />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['物业']);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(hit.title);
  });

  it('shows type, summary, dates, expiry and tags; the title opens the drawer through ?id=', async () => {
    await render(
      <MemoryRouter initialEntries={['/gatewaySearch?keywords=物业']}>
        <HitCard hit={hit} />
        <Probe />
      </MemoryRouter>,
    );
    const card = byTestId('hit-7');
    expect(card.textContent).toContain('企业证照');
    expect(card.textContent).toContain('有效期至 2026-12-06');
    expect(card.textContent).toContain('即将到期');
    expect(card.textContent).toContain('物业管理');
    expect([...card.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['物业', '服务']);
    const link = byTestId<HTMLAnchorElement>('hit-open-7');
    expect(link.getAttribute('href')).toBe('/gatewaySearch?keywords=%E7%89%A9%E4%B8%9A&id=7');
    // a real click: cancelable, so the page stays and only the route query changes
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => void link.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(new URLSearchParams(search).get('id')).toBe('7');
    expect(new URLSearchParams(search).get('keywords')).toBe('物业');
  });

  it('adds the hit to the bid pack and shows it added', async () => {
    const ids: number[] = [];
    configureClient({
      getToken: () => 'tok',
      baseUrl: '',
      toast: () => undefined,
      fetch: vi.fn<typeof fetch>(async (url, init) => {
        const path = String(url).split('?')[0];
        if (path.endsWith('/pack/add')) ids.push(...(JSON.parse(String(init?.body)) as { ids: number[] }).ids);
        const data = path.endsWith('/api/portal/pack') ? { records: ids.map((id) => ({ ...hit, id })) } : null;
        return new Response(JSON.stringify({ code: 0, message: '', data }));
      }),
    });
    await render(
      <MemoryRouter>
        <HitCard hit={hit} />
      </MemoryRouter>,
    );
    const button = byTestId('pack-add-7');
    expect(button.getAttribute('data-state')).toBe('none');
    await click(button);
    await waitFor(() => expect(byTestId('pack-add-7').getAttribute('data-state')).toBe('added'));
    expect(ids).toEqual([7]);
    expect(byTestId('pack-add-7').getAttribute('aria-pressed')).toBe('true');
  });
});

describe('hit dates', () => {
  it("say a contract's service period, and a licence's validity", () => {
    setLang('zh-CN');
    expect(hitDates({ period: true, validFrom: '2025-01-01', validTo: '2027-12-31' })).toBe('服务期 2025-01-01 至 2027-12-31');
    expect(hitDates({ period: true, validFrom: '', validTo: '2027-12-31' })).toBe('服务期至 2027-12-31');
    expect(hitDates({ period: false, validFrom: '2020-01-01', validTo: '2030-01-01' })).toBe('有效期至 2030-01-01');
    expect(hitDates({ period: false, validFrom: '', validTo: '' })).toBe('');
  });
});
