// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { act } from 'react';
import { setLang } from '../../i18n';
import { byTestId, cleanup, click, render, settle, type } from '../../testing/render';
import KeywordSearch from './KeywordSearch';
import RoutePager from './RoutePager';
import { readRoutePage, useRouteKeywords, useRoutePage, writeKeywords, writeRoutePage } from './routeQuery';

vi.setConfig({ testTimeout: 30_000 });

const q = (s: string) => new URLSearchParams(s);

describe('route query: page, pagesize, keywords', () => {
  it('reads page 1 and 20 a page by default; only 20/40/60/80 are sizes', () => {
    expect(readRoutePage(q(''))).toEqual({ page: 1, pageSize: 20 });
    expect(readRoutePage(q('page=3&pagesize=60'))).toEqual({ page: 3, pageSize: 60 });
    expect(readRoutePage(q('page=-1&pagesize=50'))).toEqual({ page: 1, pageSize: 20 });
    expect(readRoutePage(q('page=2.5&pagesize=abc'))).toEqual({ page: 1, pageSize: 20 });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(writeRoutePage(q('keywords=a'), { page: 1, pageSize: 20 }).toString()).toBe('keywords=a');
    expect(writeRoutePage(q('keywords=a'), { page: 2, pageSize: 20 }).toString()).toBe('keywords=a&page=2');
    // a new size starts again at page 1
    expect(writeRoutePage(q('page=5'), { page: 5, pageSize: 80 }).toString()).toBe('pagesize=80');
  });

  it('new keywords go back to page 1; empty keywords leave the URL', () => {
    expect(writeKeywords(q('page=4&pagesize=40&x=1'), '  招标  ').toString()).toBe('pagesize=40&x=1&keywords=%E6%8B%9B%E6%A0%87');
    expect(writeKeywords(q('keywords=a&page=2'), ' ').toString()).toBe('');
  });
});

describe('pager and keyword box bound to the router', () => {
  let search = '';
  let hooks: { setPage: (p: number, s?: number) => void; setKeywords: (k: string) => void; page: number; pageSize: number; keywords: string };

  function Probe() {
    const location = useLocation();
    search = location.search;
    const { page, pageSize, setPage } = useRoutePage();
    const [keywords, setKeywords] = useRouteKeywords();
    hooks = { page, pageSize, setPage, keywords, setKeywords };
    return null;
  }

  const mount = (url: string) =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <KeywordSearch />
        <RoutePager total={500} />
        <Probe />
      </MemoryRouter>,
    );

  beforeEach(() => setLang('en'));
  afterEach(cleanup);

  it('shows the page of the URL and writes a clicked page into it', async () => {
    await mount('/test?page=3&pagesize=40&x=1');
    expect(hooks).toMatchObject({ page: 3, pageSize: 40 });
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('3');
    // 500 items at 40 a page: 13 pages
    expect([...document.querySelectorAll('.ant-pagination-item')].pop()?.textContent).toBe('13');
    await click(document.querySelector('.ant-pagination-item-4')!);
    expect(search).toBe('?page=4&pagesize=40&x=1');
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('4');
  });

  it('a new page size goes back to page 1; the default size leaves the URL', async () => {
    await mount('/test?page=3');
    await act(async () => hooks.setPage(3, 60));
    expect(search).toBe('?pagesize=60');
    await act(async () => hooks.setPage(2, 20));
    expect(search).toBe('');
    expect(hooks).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('the keyword box has the spec placeholder, searches into the URL and follows it', async () => {
    await mount('/test?keywords=old&page=2');
    const input = byTestId('keyword-search').querySelector('input') ?? (byTestId('keyword-search') as HTMLInputElement);
    expect(input.getAttribute('placeholder')).toBe('please fill in search information accurately');
    expect(input.value).toBe('old');
    await type(input, 'tender');
    // typing alone does not search
    expect(search).toBe('?keywords=old&page=2');
    await click(document.querySelector('.ant-input-search-btn, .ant-input-search-button')!);
    expect(search).toBe('?keywords=tender');
    expect(hooks.keywords).toBe('tender');
    // the URL changes (back, a link): the box follows
    await act(async () => hooks.setKeywords('report'));
    await settle();
    expect(input.value).toBe('report');
  });

  it('the placeholder is Chinese by default', async () => {
    setLang('zh-CN');
    await mount('/test');
    const input = byTestId('keyword-search').querySelector('input') ?? (byTestId('keyword-search') as HTMLInputElement);
    expect(input.getAttribute('placeholder')).toBe('请准确填写搜索信息');
  });
});
