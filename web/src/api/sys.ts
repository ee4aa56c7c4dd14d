import { callApi, defineApis, type CallOptions } from './client';
import type { DictEntry } from './types';

defineApis({
  getDictCache: { method: 'GET', path: '/api/sys/dict/getDictCache' },
});

export const getDictCache = (opts?: CallOptions) => callApi<DictEntry[]>('getDictCache', undefined, opts);
