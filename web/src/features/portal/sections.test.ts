import { describe, expect, it } from 'vitest';
import type { PortalSection } from '../../api/portal';
import { hasContent, SECTION_KEYS, sectionRows, visibleSections } from './sections';

const s = (key: string, visible = true) => ({ key, visible }) as PortalSection;

describe('home page sections', () => {
  it('keeps the server order and leaves hidden sections out', () => {
    expect(visibleSections([s('links'), s('banners', false), s('recent'), s('search')])).toEqual(['links', 'recent', 'search']);
  });

  it('drops unknown keys and repeats', () => {
    expect(visibleSections([s('recent'), s('weather'), s('recent', false), s('counts')])).toEqual(['recent', 'counts']);
  });

  it('without a list every section shows in the default order', () => {
    expect(visibleSections(undefined)).toEqual([...SECTION_KEYS]);
    expect(visibleSections(null)).toEqual([...SECTION_KEYS]);
  });

  it('an empty list shows nothing (everything hidden)', () => {
    expect(visibleSections([])).toEqual([]);
  });

  it('leaves out banners, links and counts when there are none', () => {
    const home = { banners: [], links: [{ id: 1, title: 'a', url: '/x', icon: 'link', newTab: 0 as const }], counts: [] };
    const has = (k: Parameters<typeof hasContent>[1]) => hasContent(home, k);
    expect(visibleSections(undefined, has)).toEqual(['search', 'announcements', 'messages', 'recent', 'popular', 'links']);
  });

  it('pairs list-like sections that follow each other', () => {
    expect(sectionRows(['banners', 'search', 'counts', 'announcements', 'messages', 'recent', 'popular', 'links'])).toEqual([
      ['banners'],
      ['search'],
      ['counts'],
      ['announcements', 'messages'],
      ['recent', 'popular'],
      ['links'],
    ]);
    // an odd one stays alone; a full-width section in between breaks the pair
    expect(sectionRows(['recent', 'popular', 'messages', 'links', 'announcements'])).toEqual([['recent', 'popular'], ['messages'], ['links'], ['announcements']]);
    expect(sectionRows(['messages', 'counts', 'recent'])).toEqual([['messages'], ['counts'], ['recent']]);
  });
});
