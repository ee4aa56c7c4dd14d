/** Calls of the business log (/business_log) and the exception log (/exception_log). */
import { callApi, defineApis } from './client';
import type { components } from './schema';
import type { Page } from '../components/list/query';

type Schemas = components['schemas'];
export type BusinessLog = Schemas['BusinessLog'];
export type BusinessLogDetail = Schemas['BusinessLogDetail'];
export type ExceptionLog = Schemas['ExceptionLog'];

defineApis({
  businessLogList: { method: 'GET', path: '/api/sys/businessLog/list' },
  businessLogOne: { method: 'GET', path: '/api/sys/businessLog/one' },
  exceptionLogList: { method: 'GET', path: '/api/sys/exceptionLog/list' },
  exceptionLogOne: { method: 'GET', path: '/api/sys/exceptionLog/one' },
});

export const LOG_EXPORTS = {
  business: '/api/sys/businessLog/export',
  exception: '/api/sys/exceptionLog/export',
} as const;

type Params = Record<string, string>;

export const listBusinessLog = (p: Params) => callApi<Page<BusinessLog>>('businessLogList', p);
export const getBusinessLog = (id: number) => callApi<BusinessLogDetail>('businessLogOne', { id });
export const listExceptionLog = (p: Params) => callApi<Page<ExceptionLog>>('exceptionLogList', p);
export const getExceptionLog = (id: number) => callApi<ExceptionLog>('exceptionLogOne', { id });
