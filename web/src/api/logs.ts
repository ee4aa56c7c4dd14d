/** Calls of the business log (/business_log) and the exception log (/exception_log). */
import { call, callList, defineApis, type ListParams } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';

type Schemas = components['schemas'];
export type BusinessLog = Schemas['BusinessLog'];
export type BusinessLogDetail = Schemas['BusinessLogDetail'];
export type ExceptionLog = Schemas['ExceptionLog'];

const apis = defineApis({
  businessLogList: { method: 'GET', path: '/api/sys/businessLog/list' },
  businessLogOne: { method: 'GET', path: '/api/sys/businessLog/one' },
  exceptionLogList: { method: 'GET', path: '/api/sys/exceptionLog/list' },
  exceptionLogOne: { method: 'GET', path: '/api/sys/exceptionLog/one' },
});

export const LOG_EXPORTS = {
  business: '/api/sys/businessLog/export',
  exception: '/api/sys/exceptionLog/export',
} as const satisfies Record<string, GetPath>;

type Params = ListParams;

export const listBusinessLog = (p: Params) => callList(apis.businessLogList, p);
export const getBusinessLog = (id: number) => call(apis.businessLogOne, { id });
export const listExceptionLog = (p: Params) => callList(apis.exceptionLogList, p);
export const getExceptionLog = (id: number) => call(apis.exceptionLogOne, { id });
