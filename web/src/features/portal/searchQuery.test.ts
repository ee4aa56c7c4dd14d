import { describe, expect, it } from 'vitest';
import {
  chosenFilters,
  clearFilters,
  defaultSort,
  isChosen,
  readSearch,
  searchParams,
  searchUrl,
  setFilter,
  setSort,
  toggleFacet,
  toggleType,
} from './searchQuery';

const q = (s: string) => new URLSearchParams(s);

describe('search state from the route query', () => {
  it('has defaults: no filters, newest first, page 1 of 20', () => {
    expect(readSearch(q(''))).toEqual({
      keywords: '',
      types: [],
      tagId: undefined,
      unit: undefined,
      validity: undefined,
      year: undefined,
      sort: 'newest',
      page: 1,
      pageSize: 20,
    });
  });

  it('reads every filter, the sort and the pager', () => {
    const s = readSearch(q('keywords=%20物业%20&type=license,honor&tagId=7&unit=100104&validity=expired&year=2025&sort=downloads&page=3&pagesize=40'));
    expect(s).toEqual({
      keywords: '物业',
      types: ['license', 'honor'],
      tagId: '7',
      unit: '100104',
      validity: 'expired',
      year: '2025',
      sort: 'downloads',
      page: 3,
      pageSize: 40,
    });
  });

  it('relevance is the default sort with keywords', () => {
    expect(readSearch(q('keywords=abc')).sort).toBe('relevance');
    expect(defaultSort('')).toBe('newest');
  });

  it('drops what is malformed', () => {
    const s = readSearch(q('type=license,,LICENSE,license,a;b&tagId=0&validity=soon&year=25&sort=random&pagesize=50'));
    expect(s.types).toEqual(['license']);
    expect(s.tagId).toBeUndefined();
    expect(s.validity).toBeUndefined();
    expect(s.year).toBeUndefined();
    expect(s.sort).toBe('newest');
    expect(s.pageSize).toBe(20);
  });

  it('cuts keywords to 50 characters', () => {
    expect(readSearch(q(`keywords=${'字'.repeat(60)}`)).keywords).toHaveLength(50);
  });
});

describe('changing the search in the URL', () => {
  it('a filter goes back to page 1 and keeps the rest', () => {
    expect(setFilter(q('keywords=a&page=4&pagesize=40'), 'year', '2024').toString()).toBe('keywords=a&pagesize=40&year=2024');
    expect(setFilter(q('year=2024&page=2'), 'year', undefined).toString()).toBe('');
  });

  it('types toggle in and out of a comma-separated list', () => {
    expect(toggleType(q(''), 'license').get('type')).toBe('license');
    expect(toggleType(q('type=license'), 'honor').get('type')).toBe('license,honor');
    expect(toggleType(q('type=license,honor&page=2'), 'license').toString()).toBe('type=honor');
    expect(toggleType(q('type=license'), 'license').has('type')).toBe(false);
  });

  it('the other facets hold one value: choosing it again unchooses it', () => {
    expect(toggleFacet(q('tagId=3'), 'tagId', '5').get('tagId')).toBe('5');
    expect(toggleFacet(q('tagId=5'), 'tagId', '5').has('tagId')).toBe(false);
    expect(toggleFacet(q('type=a'), 'type', 'b').get('type')).toBe('a,b');
  });

  it('the default sort of the keywords leaves the URL', () => {
    expect(setSort(q('keywords=a&page=3'), 'relevance').toString()).toBe('keywords=a');
    expect(setSort(q('keywords=a'), 'newest').toString()).toBe('keywords=a&sort=newest');
    expect(setSort(q('sort=downloads'), 'newest').toString()).toBe('');
    expect(setSort(q(''), 'relevance').toString()).toBe('sort=relevance');
  });

  it('clearing the filters keeps the keywords, the sort, the page size and what a tab fixes', () => {
    const before = q('keywords=a&type=x&tagId=1&unit=u&validity=valid&year=2020&sort=downloads&page=5&pagesize=60');
    expect(clearFilters(before).toString()).toBe('keywords=a&sort=downloads&pagesize=60');
    expect(clearFilters(before, ['type']).toString()).toBe('keywords=a&type=x&sort=downloads&pagesize=60');
  });

  it('lists the chosen filters for the chips and tells whether a value is chosen', () => {
    const s = readSearch(q('type=license,honor&validity=valid&year=2024'));
    expect(chosenFilters(s)).toEqual([
      { key: 'type', value: 'license' },
      { key: 'type', value: 'honor' },
      { key: 'validity', value: 'valid' },
      { key: 'year', value: '2024' },
    ]);
    expect(isChosen(s, 'type', 'honor')).toBe(true);
    expect(isChosen(s, 'year', '2023')).toBe(false);
  });
});

describe('the call of a search', () => {
  it('sends the filters, the sort and the page as the API names them', () => {
    const s = readSearch(q('keywords=ab&type=license,honor&tagId=7&page=2&pagesize=40'));
    expect(searchParams(s, { facets: true })).toEqual({
      keywords: 'ab',
      type: 'license,honor',
      tagId: '7',
      sort: 'relevance',
      current: '2',
      limit: '40',
      facets: '1',
    });
  });

  it('a detail tab fixes the type', () => {
    expect(searchParams(readSearch(q('type=honor')), { type: 'license' })).toEqual({ type: 'license', sort: 'newest', current: '1', limit: '20' });
  });

  it('builds the search page URL of a keyword', () => {
    expect(searchUrl('  资质 ')).toBe('/gatewaySearch?keywords=%E8%B5%84%E8%B4%A8');
    expect(searchUrl('', ['tender'])).toBe('/gatewaySearch?type=tender');
    expect(searchUrl(' ')).toBe('/gatewaySearch');
  });
});
