import type { DictEntry } from '../api/types';
import { DICT_KEY } from './session';

/** Dictionary entry after loading: numeric string values are integers. */
export interface DictItem {
  key: string;
  value: string | number;
  isDefault?: number;
  childDict: DictItem[];
}

const INTEGER = /^-?(0|[1-9]\d*)$/;

/** '12' -> 12; '012', '1.5', 'abc' and unsafe integers stay strings (codes with leading zeros must survive). */
export function toDictValue(value: string | number): string | number {
  if (typeof value === 'string' && INTEGER.test(value)) {
    const n = Number(value);
    if (Number.isSafeInteger(n)) return n;
  }
  return value;
}

export function normalizeDict(entries: DictEntry[] | undefined | null): DictItem[] {
  return (entries ?? []).map((e) => ({
    key: e.key,
    value: toDictValue(e.value),
    isDefault: e.isDefault,
    childDict: normalizeDict(e.childDict),
  }));
}

/** The dictionary cache from localStorage 'dictData'. */
export function loadDict(): DictItem[] {
  try {
    return normalizeDict(JSON.parse(localStorage.getItem(DICT_KEY) ?? '[]') as DictEntry[]);
  } catch {
    return [];
  }
}

function search(list: DictItem[], match: (e: DictItem) => boolean): DictItem | undefined {
  for (const e of list) {
    if (match(e)) return e;
    const hit = search(e.childDict, match);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Recursive search by key (the display text). As a convenience a dictionary's code (its string value,
 * e.g. 'user_state') also matches when no key does. Not found: console.error only.
 */
export function findDict(key: string, data: DictItem[] = loadDict()): DictItem | undefined {
  const hit = search(data, (e) => e.key === key) ?? search(data, (e) => typeof e.value === 'string' && e.value === key);
  if (!hit) console.error(`dictionary key not found: ${key}`);
  return hit;
}

/** The items (children) of a dictionary. */
export function dictItems(key: string, data?: DictItem[]): DictItem[] {
  return findDict(key, data)?.childDict ?? [];
}

/** The label (key) of a value in a dictionary; '' when absent. Values compare as strings ('1' equals 1). */
export function dictLabel(key: string, value: string | number | null | undefined, data?: DictItem[]): string {
  if (value == null || value === '') return '';
  return dictItems(key, data).find((i) => String(i.value) === String(value))?.key ?? '';
}

/** The default item of a dictionary, if one is marked. */
export function dictDefault(key: string, data?: DictItem[]): DictItem | undefined {
  return dictItems(key, data).find((i) => i.isDefault === 1);
}
