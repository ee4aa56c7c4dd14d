/**
 * The home page's sections in the order and visibility GET /api/portal/home gives (configured in /gatewaymanager),
 * and how they are laid out: the list-like sections (announcements, messages, recent, popular) pair up side by side
 * on a wide screen when they follow each other. Pure functions (tested).
 */
import type { PortalHome, PortalSection, SectionKey } from '../../api/portal';

export const SECTION_KEYS: readonly SectionKey[] = ['banners', 'search', 'counts', 'announcements', 'messages', 'recent', 'popular', 'links'];

/** Sections drawn half a row wide on a wide screen. */
export const HALF_SECTIONS: ReadonlySet<SectionKey> = new Set<SectionKey>(['announcements', 'messages', 'recent', 'popular']);

/** Sections that are left out when they have nothing to show (the others show an empty state). */
export function hasContent(home: Pick<PortalHome, 'banners' | 'links' | 'counts'>, key: SectionKey): boolean {
  switch (key) {
    case 'banners':
      return (home.banners?.length ?? 0) > 0;
    case 'links':
      return (home.links?.length ?? 0) > 0;
    case 'counts':
      return (home.counts?.length ?? 0) > 0;
    default:
      return true;
  }
}

/**
 * The sections to draw, in the server's order: visible ones with a known key, each once. Without a section list (an
 * older server) every section in the default order.
 */
export function visibleSections(sections: readonly PortalSection[] | undefined | null, has: (key: SectionKey) => boolean = () => true): SectionKey[] {
  const list: readonly PortalSection[] = Array.isArray(sections) ? sections : SECTION_KEYS.map((key) => ({ key, visible: true }));
  const out: SectionKey[] = [];
  for (const s of list) {
    if (!s || !SECTION_KEYS.includes(s.key) || out.includes(s.key)) continue;
    if (s.visible === false) continue;
    if (has(s.key)) out.push(s.key);
  }
  return out;
}

/** Rows of the layout: a full-width section alone, two half sections that follow each other together. */
export function sectionRows(keys: readonly SectionKey[]): SectionKey[][] {
  const rows: SectionKey[][] = [];
  for (const k of keys) {
    const last = rows[rows.length - 1];
    if (HALF_SECTIONS.has(k) && last && last.length === 1 && HALF_SECTIONS.has(last[0])) last.push(k);
    else rows.push([k]);
  }
  return rows;
}
