import { describe, expect, it } from 'vitest';
import { dropIndex, mergeSections, moveSection, sameSections, SECTION_KEYS, setVisible, stepSection, type Section } from './sections';

const keys = (list: Section[]) => list.map((s) => s.key);

describe('mergeSections', () => {
  it('gives every section, in the default order and visible, when nothing is stored', () => {
    for (const stored of [undefined, null, []]) {
      const list = mergeSections(stored);
      expect(keys(list)).toEqual([...SECTION_KEYS]);
      expect(list.every((s) => s.visible)).toBe(true);
    }
  });

  it('keeps the stored order and visibility, reading 1/0 as well as booleans', () => {
    const stored = [
      { key: 'links', visible: 0 },
      { key: 'banners', visible: true },
      { key: 'search', visible: false },
      { key: 'counts', visible: 1 },
      { key: 'announcements', visible: true },
      { key: 'messages', visible: true },
      { key: 'recent', visible: true },
      { key: 'popular', visible: false },
    ];
    const list = mergeSections(stored);
    expect(keys(list)).toEqual(['links', 'banners', 'search', 'counts', 'announcements', 'messages', 'recent', 'popular']);
    expect(list.filter((s) => !s.visible).map((s) => s.key)).toEqual(['links', 'search', 'popular']);
  });

  it('drops unknown keys and repeats, and appends missing sections visible in the default order', () => {
    const list = mergeSections([
      { key: 'popular', visible: false },
      { key: 'weather', visible: true },
      { key: 'popular', visible: true },
      { key: 'banners', visible: false },
    ]);
    expect(keys(list)).toEqual(['popular', 'banners', 'search', 'counts', 'announcements', 'messages', 'recent', 'links']);
    expect(list[0]).toEqual({ key: 'popular', visible: false }); // the first occurrence wins
    expect(list[1]).toEqual({ key: 'banners', visible: false });
    expect(list.slice(2).every((s) => s.visible)).toBe(true);
  });
});

describe('moving sections', () => {
  const base = mergeSections([]);

  it('moves an item to another index without touching the input', () => {
    const moved = moveSection(base, 0, 3);
    expect(keys(moved)).toEqual(['search', 'counts', 'announcements', 'banners', 'messages', 'recent', 'popular', 'links']);
    expect(keys(moveSection(base, 7, 0))).toEqual(['links', 'banners', 'search', 'counts', 'announcements', 'messages', 'recent', 'popular']);
    expect(keys(base)).toEqual([...SECTION_KEYS]);
  });

  it('clamps the target and ignores a source outside the list', () => {
    expect(keys(moveSection(base, 6, 99))).toEqual(['banners', 'search', 'counts', 'announcements', 'messages', 'recent', 'links', 'popular']);
    expect(keys(moveSection(base, 1, -5))).toEqual(['search', 'banners', 'counts', 'announcements', 'messages', 'recent', 'popular', 'links']);
    expect(keys(moveSection(base, 8, 0))).toEqual([...SECTION_KEYS]);
    expect(keys(moveSection(base, -1, 0))).toEqual([...SECTION_KEYS]);
  });

  it('steps up and down, and stays put at the ends', () => {
    expect(keys(stepSection(base, 'counts', -1)).slice(0, 3)).toEqual(['banners', 'counts', 'search']);
    expect(keys(stepSection(base, 'counts', 1)).slice(1, 4)).toEqual(['search', 'announcements', 'counts']);
    expect(keys(stepSection(base, 'banners', -1))).toEqual([...SECTION_KEYS]);
    expect(keys(stepSection(base, 'links', 1))).toEqual([...SECTION_KEYS]);
  });

  it('drops before the hovered item in its upper half and after it in its lower half', () => {
    // dragging index 1 onto index 4
    expect(keys(moveSection(base, 1, dropIndex(1, 4, true)))).toEqual(['banners', 'counts', 'announcements', 'search', 'messages', 'recent', 'popular', 'links']);
    expect(keys(moveSection(base, 1, dropIndex(1, 4, false)))).toEqual(['banners', 'counts', 'announcements', 'messages', 'search', 'recent', 'popular', 'links']);
    // dragging index 5 onto index 2
    expect(keys(moveSection(base, 5, dropIndex(5, 2, true)))).toEqual(['banners', 'search', 'recent', 'counts', 'announcements', 'messages', 'popular', 'links']);
    expect(keys(moveSection(base, 5, dropIndex(5, 2, false)))).toEqual(['banners', 'search', 'counts', 'recent', 'announcements', 'messages', 'popular', 'links']);
    // onto itself, or onto the neighbour's near half: no move
    expect(dropIndex(3, 3, true)).toBe(3);
    expect(dropIndex(3, 3, false)).toBe(3);
    expect(dropIndex(3, 2, false)).toBe(3);
    expect(dropIndex(3, 4, true)).toBe(3);
  });
});

describe('visibility and comparison', () => {
  it('hides one section and tells a changed list from the stored one', () => {
    const stored = mergeSections([]);
    const hidden = setVisible(stored, 'recent', false);
    expect(hidden.find((s) => s.key === 'recent')?.visible).toBe(false);
    expect(hidden.filter((s) => !s.visible)).toHaveLength(1);
    expect(sameSections(stored, hidden)).toBe(false);
    expect(sameSections(stored, setVisible(hidden, 'recent', true))).toBe(true);
    expect(sameSections(stored, stepSection(stored, 'search', 1))).toBe(false);
    expect(sameSections(stored, stepSection(stepSection(stored, 'search', 1), 'search', -1))).toBe(true);
  });
});
