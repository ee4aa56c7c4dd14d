/** The logic of the dictionary select and label (components/DictSelect.tsx), kept free of React for tests. */
import { useEffect, useState } from 'react';
import { dictItems, loadDict, type DictItem } from './dict';
import { DICT_EVENT, DICT_KEY } from './session';

/** Spec section 5: a dictionary select with an empty value logs this. */
export const EMPTY_DICT_VALUE = 'dictionary value empty';

export interface DictOption {
  label: string;
  value: string | number;
  isDefault: boolean;
}

/**
 * The options of a dictionary select from the client store. An empty dictionary key logs
 * 'dictionary value empty' and gives no options; an unknown key logs a console error (findDict).
 * Values are compared as strings by callers (the store converts numeric strings to numbers).
 */
export function dictOptions(dictKey: string | undefined | null, data?: DictItem[], log: (m: string) => void = console.log): DictOption[] | null {
  if (dictKey == null || String(dictKey).trim() === '') {
    log(EMPTY_DICT_VALUE);
    return [];
  }
  const store = data ?? loadDict();
  if (!hasKey(store, dictKey)) {
    dictItems(dictKey, store); // logs 'dictionary key not found' (console error only, spec section 8)
    return null;
  }
  return dictItems(dictKey, store).map((i) => ({ label: i.key, value: i.value, isDefault: i.isDefault === 1 }));
}

function hasKey(list: DictItem[], key: string): boolean {
  return list.some((e) => e.key === key || (typeof e.value === 'string' && e.value === key) || hasKey(e.childDict, key));
}

/** The value a select starts with when it has none: the item marked default, if any. */
export function defaultOption(options: DictOption[]): string | number | undefined {
  return options.find((o) => o.isDefault)?.value;
}

/** The label of a value ('' when absent); '1' and 1 are the same value. */
export function optionLabel(options: DictOption[], value: unknown): string {
  if (value == null || value === '') return '';
  return options.find((o) => String(o.value) === String(value))?.label ?? '';
}

/** The dictionary store, re-read whenever dictData is stored (refresh cache, login) or changed in another tab. */
export function useDictData(): DictItem[] {
  const [data, setData] = useState<DictItem[]>(() => loadDict());
  useEffect(() => {
    const reread = () => setData(loadDict());
    const onStorage = (e: StorageEvent) => e.key === DICT_KEY && reread();
    window.addEventListener(DICT_EVENT, reread);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(DICT_EVENT, reread);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return data;
}
