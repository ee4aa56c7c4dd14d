import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DictEntry } from '../api/types';
import { dictDefault, dictItems, dictLabel, findDict, loadDict, normalizeDict, toDictValue } from './dict';
import { clearSession, DICT_KEY, storeDictData } from './session';

const raw: DictEntry[] = [
  {
    key: '用户状态',
    value: 'user_state',
    isDefault: 0,
    childDict: [
      { key: '可用', value: '1', isDefault: 1, childDict: [] },
      { key: '禁用', value: '0', isDefault: 0, childDict: [] },
    ],
  },
  {
    key: '资料类型',
    value: 'material',
    childDict: [
      {
        key: '企业',
        value: '10',
        childDict: [{ key: '营业执照', value: '101', childDict: [{ key: '副本', value: 'copy' }] }],
      },
    ],
  },
];

afterEach(() => clearSession());

describe('numeric conversion', () => {
  it('turns integer strings into integers and leaves the rest', () => {
    expect(toDictValue('12')).toBe(12);
    expect(toDictValue('-3')).toBe(-3);
    expect(toDictValue('0')).toBe(0);
    expect(toDictValue(5)).toBe(5);
    expect(toDictValue('user_state')).toBe('user_state');
    expect(toDictValue('1.5')).toBe('1.5');
    expect(toDictValue('007')).toBe('007');
    expect(toDictValue('')).toBe('');
    expect(toDictValue('99999999999999999999')).toBe('99999999999999999999');
  });
  it('converts the whole tree', () => {
    const d = normalizeDict(raw);
    expect(d[0].childDict.map((c) => c.value)).toEqual([1, 0]);
    expect(d[1].childDict[0].childDict[0].value).toBe(101);
    expect(d[1].childDict[0].childDict[0].childDict[0].childDict).toEqual([]);
  });
});

describe('store', () => {
  it("loads from localStorage 'dictData'", () => {
    storeDictData(raw);
    expect(localStorage.getItem(DICT_KEY)).toContain('用户状态');
    expect(loadDict()[0].childDict[0].value).toBe(1);
  });
  it('is empty when nothing or garbage is stored', () => {
    expect(loadDict()).toEqual([]);
    localStorage.setItem(DICT_KEY, '{not json');
    expect(loadDict()).toEqual([]);
  });
});

describe('recursive search by key', () => {
  const data = normalizeDict(raw);
  it('finds top-level and nested entries', () => {
    expect(findDict('用户状态', data)?.value).toBe('user_state');
    expect(findDict('营业执照', data)?.value).toBe(101);
    expect(findDict('副本', data)?.value).toBe('copy');
  });
  it('also finds a dictionary by its code', () => {
    expect(findDict('material', data)?.key).toBe('资料类型');
  });
  it('logs a console error only when the key is missing', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(findDict('不存在', data)).toBeUndefined();
    expect(err).toHaveBeenCalledTimes(1);
    expect(dictItems('不存在', data)).toEqual([]);
  });
  it('items, labels and defaults', () => {
    expect(dictItems('用户状态', data).map((i) => i.key)).toEqual(['可用', '禁用']);
    expect(dictLabel('用户状态', 1, data)).toBe('可用');
    expect(dictLabel('用户状态', '0', data)).toBe('禁用');
    expect(dictLabel('用户状态', 9, data)).toBe('');
    expect(dictLabel('用户状态', null, data)).toBe('');
    expect(dictDefault('用户状态', data)?.key).toBe('可用');
  });
  it('reads the stored cache by default', () => {
    storeDictData(raw);
    expect(dictLabel('user_state', 1)).toBe('可用');
  });
});
