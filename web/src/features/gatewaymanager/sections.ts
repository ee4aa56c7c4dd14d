/**
 * The home page's sections (docs/portal.md, 'Home' and 'Portal management'): the eight keys, what the server stored
 * merged into a complete list, and the edits of /gatewaymanager's third tab (move, show / hide). Pure, tested.
 */

/** Every section of the home page, in the default order. */
export const SECTION_KEYS = ['banners', 'search', 'counts', 'announcements', 'messages', 'recent', 'popular', 'links'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export interface Section {
  key: SectionKey;
  visible: boolean;
}

/** What the server answers for one section (the key may be one this browser does not know; visible as 1/0 too). */
export interface StoredSection {
  key: string;
  visible: boolean | number;
}

export const isSectionKey = (k: string): k is SectionKey => (SECTION_KEYS as readonly string[]).includes(k);

/**
 * The complete list from what is stored: the stored order first (unknown keys and repeats dropped), then any section
 * the store lacks, in the default order and visible (a section added in a later release shows up on its own).
 */
export function mergeSections(stored: readonly StoredSection[] | null | undefined): Section[] {
  const out: Section[] = [];
  const seen = new Set<string>();
  for (const s of stored ?? []) {
    if (!s || !isSectionKey(s.key) || seen.has(s.key)) continue;
    seen.add(s.key);
    out.push({ key: s.key, visible: s.visible === true || s.visible === 1 });
  }
  for (const key of SECTION_KEYS) if (!seen.has(key)) out.push({ key, visible: true });
  return out;
}

/** The list with the item at from moved to index to (both clamped); the same list when nothing moves. */
export function moveSection<T>(list: readonly T[], from: number, to: number): T[] {
  const last = list.length - 1;
  if (from < 0 || from > last) return [...list];
  const target = Math.max(0, Math.min(last, to));
  if (target === from) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** Moves the section with key one place up (-1) or down (+1). */
export const stepSection = (list: readonly Section[], key: SectionKey, step: -1 | 1) => {
  const i = list.findIndex((s) => s.key === key);
  return i < 0 ? [...list] : moveSection(list, i, i + step);
};

/** The list with one section shown or hidden. */
export const setVisible = (list: readonly Section[], key: SectionKey, visible: boolean): Section[] =>
  list.map((s) => (s.key === key ? { ...s, visible } : s));

/** Same order and same visibility. */
export const sameSections = (a: readonly Section[], b: readonly Section[]) =>
  a.length === b.length && a.every((s, i) => s.key === b[i].key && s.visible === b[i].visible);

/**
 * Where a dragged item lands when dropped on the item at over: before it when the pointer is in its upper half,
 * after it otherwise; as an index into the list once the dragged item is taken out (what moveSection takes).
 */
export function dropIndex(from: number, over: number, upperHalf: boolean): number {
  const slot = upperHalf ? over : over + 1; // index in the list with the dragged item still in place
  return slot > from ? slot - 1 : slot;
}
