/** Calls of dictionary management (/dict_manager) and the common dictionary lookups. */
import { call, callApi, callList, defineApis, type CallOptions } from './client';
import type { AnswerOf, GetPath } from './routes';
import type { components } from './schema';
import type { RequestBody } from './types';

type Schemas = components['schemas'];
export type DictRow = Schemas['DictItem'];
export type DictForm = RequestBody<'/api/sys/dict/add', 'post'>;
export type DictCommonItem = Schemas['DictFlatItem'];

const apis = defineApis({
  dictList: { method: 'GET', path: '/api/sys/dict/list' },
  dictPNode: { method: 'GET', path: '/api/sys/dict/pNode' },
  dictOne: { method: 'GET', path: '/api/sys/dict/one' },
  dictAdd: { method: 'POST', path: '/api/sys/dict/add' },
  dictEdit: { method: 'PUT', path: '/api/sys/dict/edit' },
  dictDel: { method: 'DELETE', path: '/api/sys/dict/del' },
  dictChangeEnable: { method: 'POST', path: '/api/sys/dict/changeEnable' },
  dictReloadCache: { method: 'POST', path: '/api/sys/dict/reloadDictCache', long: true },
  // spec section 7, the widgets' named call: dictItem (key) -> [{key, value, isDefault}]
  dictItem: { method: 'GET', path: '/api/sys/common/dict/item' },
  dictItem2: { method: 'GET', path: '/api/sys/common/dict/item2' },
  // spec section 7: the generic dictionary call, api name 'dict' by default
  dict: { method: 'GET', path: '/api/sys/common/dict' },
});

/** The generic dictionary call's query identifiers (spec section 7). */
export const GENERIC_DICT = { id: '1853', commID: '185301' } as const;

export const DICT_EXPORTS = {
  groups: '/api/sys/dict/exportDict',
  items: '/api/sys/dict/exportDictItem',
} as const satisfies Record<string, GetPath>;

export const listDictGroups = (p: Record<string, string>) => callList(apis.dictList, p);
export const dictChildren = (pid: number) => call(apis.dictPNode, { pid });
export const dictOne = (id: number) => call(apis.dictOne, { id });
export const addDict = (f: DictForm) => call(apis.dictAdd, { ...f });
export const editDict = (f: DictForm & { id: number }) => call(apis.dictEdit, { ...f });
export const deleteDict = (ids: number[]) => call(apis.dictDel, { ids });
export const changeDictEnable = (id: number, enabled: 0 | 1) => call(apis.dictChangeEnable, { id, enabled });
export const reloadDictCache = () => call(apis.dictReloadCache);
export const dictItem = (key: string, opts?: CallOptions) => call(apis.dictItem, { key }, opts);
/**
 * The generic dictionary call: id '1853' and commID '185301' plus the extra parameters (e.g. key), sent to the
 * API named apiName ('dict' unless configured otherwise; an unknown name fails with the catalogue's message).
 */
export const genericDict = (extra: Record<string, string>, apiName = 'dict', opts?: CallOptions) =>
  callApi(apiName, { ...extra, ...GENERIC_DICT }, opts) as Promise<GenericDictAnswer>;
/** A configured name stands for a call answering as the generic dictionary call does. */
type GenericDictAnswer = AnswerOf<typeof apis.dict>;
