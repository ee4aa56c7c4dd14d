/**
 * Calls of the bid-material library (docs/api.md, 'Bid-material library'): one set per record type under
 * /api/library/{type}/..., the types as data, tags, CA-key loans, message to-dos and the caller's reminders.
 */
import { callApi, defineApis, request, type Method } from './client';
import type { components } from './schema';
import type { RequestBody } from './types';
import type { Page } from '../components/list/query';

type Schemas = components['schemas'];
export type LibType = Schemas['LibType'];
export type LibField = Schemas['LibField'];
export type LibTypes = Schemas['LibTypes'];
export type LibHistory = Schemas['LibHistory'];
export type LibLoan = Schemas['LibLoan'];
export type LibTag = Schemas['LibTag'];
export type LibTagRec = Schemas['LibTagRec'];
export type LibTagForm = RequestBody<'/api/library/tag/add', 'post'>;
export type LibReminders = Schemas['LibReminders'];
export type LibImportReport = Schemas['LibImportReport'];
export type LibSocialRecord = Schemas['LibSocialRecord'];
export type LibSocialImportReport = Schemas['LibSocialImportReport'];
export type LibSocialRuns = Schemas['LibSocialRuns'];
/** A record: the shared metadata, then every field of its type by key (docs/library.md). */
export type LibRecord = Schemas['LibRecord'] & Record<string, unknown>;
export type FileRef = { id: number; name: string; url: string };

defineApis({
  libTypes: { method: 'GET', path: '/api/library/types' },
  libRemind: { method: 'GET', path: '/api/biapp/marketing/backend/project/remind' },
  libTagAll: { method: 'GET', path: '/api/library/tag/all' },
  libTagList: { method: 'GET', path: '/api/library/tag/list' },
  libTagAdd: { method: 'POST', path: '/api/library/tag/add' },
  libTagEdit: { method: 'PUT', path: '/api/library/tag/edit' },
  libTagDel: { method: 'DELETE', path: '/api/library/tag/del' },
  libMessageRead: { method: 'POST', path: '/api/library/message/read' },
  libMessageGenerate: { method: 'POST', path: '/api/library/message/generate' },
});

export const TAG_EXPORT = '/api/library/tag/export';

/** The path of a type's call. */
export const libPath = (type: string, call: string) => `/api/library/${type}/${call}`;

const call = <T>(method: Method, type: string, name: string, payload?: Record<string, unknown> | FormData, long = false) =>
  request<T>({ method, path: libPath(type, name), long }, payload);

let typesOnce: Promise<LibTypes> | undefined;
/** The record types as data (asked once per page load; the labels are in the language of that moment). */
export function libraryTypes(): Promise<LibTypes> {
  typesOnce ??= callApi<LibTypes>('libTypes').catch((e: unknown) => {
    typesOnce = undefined;
    throw e;
  });
  return typesOnce;
}
/** Forget the types (the language changed). */
export const forgetLibraryTypes = () => {
  typesOnce = undefined;
};

type Params = Record<string, string>;
const ids = (list: number[]) => ({ ids: list.join(',') });

export const listRecords = (type: string, p: Params) => call<Page<LibRecord>>('GET', type, 'list', p);
export const oneRecord = (type: string, id: number) => call<LibRecord>('GET', type, 'one', { id: String(id) });
export const addRecord = (type: string, form: Record<string, unknown>) => call<{ id: number }>('POST', type, 'add', form);
export const editRecord = (type: string, form: Record<string, unknown> & { id: number }) => call<null>('PUT', type, 'edit', form);
export const deleteRecords = (type: string, list: number[]) => call<null>('DELETE', type, 'del', ids(list));
export const reviewRecords = (type: string, action: 'submit' | 'approve' | 'reject', list: number[], reason?: string) =>
  call<null>('POST', type, action, { ...ids(list), reason });
export const recordHistory = (type: string, id: number) => call<LibHistory>('GET', type, 'history', { id: String(id) });
export const recordLoans = (type: string, id: number) => call<LibLoan[]>('GET', type, 'loans', { id: String(id) });
export const lendKey = (type: string, form: { id: number; borrowerCode: string; purpose?: string; dueDate?: string }) => call<null>('POST', type, 'lend', form);
export const returnKey = (type: string, id: number, remark?: string) => call<null>('POST', type, 'return', { id, remark });
export function importRecords(type: string, file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  return call<LibImportReport>('POST', type, dryRun ? 'import?dryRun=true' : 'import', form, true);
}

export const markMessagesRead = (list: number[]) => callApi<null>('libMessageRead', ids(list));
export const generateMessages = () => callApi<{ created: number }>('libMessageGenerate');
export const remind = () => callApi<LibReminders>('libRemind');

export const allTags = () => callApi<LibTag[]>('libTagAll');
export const listTags = (p: Params) => callApi<Page<LibTagRec>>('libTagList', p);
export const addTag = (f: LibTagForm) => callApi<{ id: number }>('libTagAdd', { ...f });
export const editTag = (f: LibTagForm & { id: number }) => callApi<null>('libTagEdit', { ...f });
export const deleteTags = (list: number[]) => callApi<null>('libTagDel', ids(list));

/* ---------- social security (docs/library.md, 'Social security') ---------- */

export const SOCIAL_PATH = '/api/library/social';
export const SOCIAL_EXPORT = `${SOCIAL_PATH}/export`;
const social = <T>(method: Method, name: string, payload?: Record<string, unknown> | FormData, long = false) =>
  request<T>({ method, path: `${SOCIAL_PATH}/${name}`, long }, payload);

/** What the social-security dialog sends. */
export interface SocialForm {
  employeeCode: string;
  month: string;
  city: string;
  base?: string | number;
  payingUnit?: string;
  remark?: string;
  proofFileId?: number;
}

export const listSocial = (p: Params) => social<Page<LibSocialRecord>>('GET', 'list', p);
export const addSocial = (f: SocialForm) => social<{ id: number }>('POST', 'add', { ...f });
export const editSocial = (f: SocialForm & { id: number }) => social<null>('PUT', 'edit', { ...f });
export const deleteSocial = (list: number[]) => social<null>('DELETE', 'del', ids(list));
export const socialRuns = (employeeCode: string, month?: string) => social<LibSocialRuns>('GET', 'continuous', { employeeCode, ...(month ? { month } : {}) });
export function importSocial(file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  return social<LibSocialImportReport>('POST', dryRun ? 'import?dryRun=true' : 'import', form, true);
}
