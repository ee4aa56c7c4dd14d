import { call, defineApis, type CallOptions } from './client';

const apis = defineApis({
  getDictCache: { method: 'GET', path: '/api/sys/dict/getDictCache' },
});

export const getDictCache = (opts?: CallOptions) => call(apis.getDictCache, undefined, opts);
