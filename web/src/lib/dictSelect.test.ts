import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeDict } from './dict';
import { defaultOption, dictOptions, EMPTY_DICT_VALUE, optionLabel } from './dictSelect';
import { clearSession, storeDictData } from './session';

const data = normalizeDict([
  {
    key: '用户状态',
    value: 'user_state',
    childDict: [
      { key: '可用', value: '1', isDefault: 1, childDict: [] },
      { key: '禁用', value: '0', isDefault: 0, childDict: [] },
    ],
  },
  { key: '编码', value: 'codes', childDict: [{ key: '零一', value: '01', childDict: [] }] },
]);

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('dictOptions', () => {
  it('lists the items by key or code, numeric values as numbers', () => {
    expect(dictOptions('用户状态', data)).toEqual([
      { label: '可用', value: 1, isDefault: true },
      { label: '禁用', value: 0, isDefault: false },
    ]);
    expect(dictOptions('user_state', data)).toHaveLength(2);
    expect(dictOptions('codes', data)).toEqual([{ label: '零一', value: '01', isDefault: false }]);
  });

  it("logs 'dictionary value empty' for an empty dictionary", () => {
    const log = vi.fn();
    expect(dictOptions('', data, log)).toEqual([]);
    expect(dictOptions(undefined, data, log)).toEqual([]);
    expect(dictOptions('  ', data, log)).toEqual([]);
    expect(log).toHaveBeenCalledTimes(3);
    expect(log).toHaveBeenCalledWith(EMPTY_DICT_VALUE);
    expect(EMPTY_DICT_VALUE).toBe('dictionary value empty');
  });

  it('answers null (ask the server) for a key missing from the store, with a console error only', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(dictOptions('不存在', data)).toBeNull();
    expect(err).toHaveBeenCalledWith('dictionary key not found: 不存在');
  });

  it('reads the stored dictData by default', () => {
    storeDictData([{ key: '是否', value: 'yes_no', childDict: [{ key: '是', value: '1', isDefault: 1 }] }]);
    expect(dictOptions('yes_no')).toEqual([{ label: '是', value: 1, isDefault: true }]);
  });
});

describe('labels and defaults', () => {
  const opts = dictOptions('user_state', data)!;
  it('finds the label of a value given as text or number', () => {
    expect(optionLabel(opts, 1)).toBe('可用');
    expect(optionLabel(opts, '0')).toBe('禁用');
    expect(optionLabel(opts, '')).toBe('');
    expect(optionLabel(opts, null)).toBe('');
    expect(optionLabel(opts, 7)).toBe('');
  });
  it('starts with the default item', () => {
    expect(defaultOption(opts)).toBe(1);
    expect(defaultOption([])).toBeUndefined();
  });
});
