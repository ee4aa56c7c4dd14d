/**
 * Calls of the bid-material library (docs/api.md, 'Bid-material library'): one set per record type under
 * /api/library/{type}/..., the types as data, tags, CA-key loans, message to-dos and the caller's reminders.
 */
import { answerValue, call, callList, defineApis, request, type DefOptions, type ListParams, type Method, type Payload, type CallOptions } from './client';
import type { AnswerOf, ApiPath, MethodsOf, RouteWith, GetPath } from './routes';
import type { components } from './schema';
import type { RequestBody } from './types';

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

const apis = defineApis({
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

export const TAG_EXPORT = '/api/library/tag/export' satisfies GetPath;

/** The path of a type's call. */
export const libPath = (type: string, call: string) => `/api/library/${type}/${call}`;

/** The record types' paths of the document (/api/library/{type}/{name}); tag, social and types are calls of their own. */
type RecordPath = Exclude<Extract<ApiPath, `/api/library/${string}/${string}`>, `/api/library/${'tag' | 'social' | 'types'}/${string}`>;
/** The names of a record type's calls with a method, as the document lists them. */
type RecordCall<M extends Method> = { [P in RecordPath]: P extends `/api/library/${string}/${infer N}` ? (M extends MethodsOf<P> ? N : never) : never }[RecordPath];
/** Every type's route of one call (the answer is theirs; the types share it). */
type RecordRoute<M extends Method, N extends string> = Extract<RouteWith<M>, { readonly path: `/api/library/${string}/${N}` & RecordPath }>;
/**
 * The document marks a record open (its type's fields follow the shared ones, described as data by GET
 * /api/library/types), which the generated types do not show: answers read records with their fields open.
 */
type OpenRecords<T> = T extends Schemas['LibRecord']
  ? LibRecord
  : T extends { records: (infer R)[] }
    ? Omit<T, 'records'> & { records: OpenRecords<R>[] }
    : T;

/** A call of a record type: forms are built from the type's fields (data), so the payload is not checked; the answer is. */
const recordCall = <M extends Method, N extends RecordCall<M>>(method: M, type: string, name: N, payload?: Payload, query?: DefOptions['query'], opts?: CallOptions) =>
  request<OpenRecords<AnswerOf<RecordRoute<M, N>>>>({ method, path: libPath(type, name), long: name.startsWith('import'), query }, payload, opts);

let typesOnce: Promise<LibTypes> | undefined;
/** The record types as data (asked once per page load; the labels are in the language of that moment). */
export function libraryTypes(opts?: CallOptions): Promise<LibTypes> {
  typesOnce ??= call(apis.libTypes, undefined, opts).catch((e: unknown) => {
    typesOnce = undefined;
    throw e;
  });
  return typesOnce;
}
/** Forget the types (the language changed). */
export const forgetLibraryTypes = () => {
  typesOnce = undefined;
};

type Params = ListParams;
const ids = (list: number[]) => ({ ids: list });

export const listRecords = (type: string, p: Params, opts?: CallOptions) => recordCall('GET', type, 'list', p, undefined, opts);
export const oneRecord = (type: string, id: number) => recordCall('GET', type, 'one', { id: String(id) });
export const addRecord = (type: string, form: Record<string, unknown>) => recordCall('POST', type, 'add', form);
export const editRecord = (type: string, form: Record<string, unknown> & { id: number }) => recordCall('PUT', type, 'edit', form);
export const deleteRecords = (type: string, list: number[]) => recordCall('DELETE', type, 'del', ids(list));
export const reviewRecords = (type: string, action: 'submit' | 'approve' | 'reject', list: number[], reason?: string) =>
  recordCall('POST', type, action, { ...ids(list), reason });
export const recordHistory = (type: string, id: number) => recordCall('GET', type, 'history', { id: String(id) }).then((h) => answerValue(h));
export const recordLoans = (type: string, id: number) => recordCall('GET', type, 'loans', { id: String(id) });
export const lendKey = (type: string, form: { id: number; borrowerCode: string; purpose?: string; dueDate?: string }) => recordCall('POST', type, 'lend', form);
export const returnKey = (type: string, id: number, remark?: string) => recordCall('POST', type, 'return', { id, remark });
export function importRecords(type: string, file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  return recordCall('POST', type, 'import', form, dryRun ? { dryRun: 'true' } : undefined);
}
/** The import in the background: answers its job (its result is the report importRecords answers). */
export function importRecordsAsync(type: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return recordCall('POST', type, 'import/async', form).then((j) => answerValue(j));
}

export const markMessagesRead = (list: number[]) => call(apis.libMessageRead, ids(list));
export const generateMessages = () => call(apis.libMessageGenerate);
export const remind = () => call(apis.libRemind);

export const allTags = () => call(apis.libTagAll);
export const listTags = (p: Params) => callList(apis.libTagList, p);
export const addTag = (f: LibTagForm) => call(apis.libTagAdd, { ...f });
export const editTag = (f: LibTagForm & { id: number }) => call(apis.libTagEdit, { ...f });
export const deleteTags = (list: number[]) => call(apis.libTagDel, ids(list));

/* ---------- social security (docs/library.md, 'Social security') ---------- */

export const SOCIAL_PATH = '/api/library/social';
export const SOCIAL_EXPORT = `${SOCIAL_PATH}/export` satisfies GetPath;
const socialApis = defineApis({
  socialList: { method: 'GET', path: '/api/library/social/list' },
  socialAdd: { method: 'POST', path: '/api/library/social/add' },
  socialEdit: { method: 'PUT', path: '/api/library/social/edit' },
  socialDel: { method: 'DELETE', path: '/api/library/social/del' },
  socialRuns: { method: 'GET', path: '/api/library/social/continuous' },
  socialImport: { method: 'POST', path: '/api/library/social/import', long: true },
  socialImportCheck: { method: 'POST', path: '/api/library/social/import', long: true, query: { dryRun: 'true' } },
});

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

export const listSocial = (p: Params, opts?: CallOptions) => callList(socialApis.socialList, p, opts);
/** The base goes as text (the document's type; a number field gives a number). */
const socialBody = <F extends SocialForm>({ base, ...f }: F) => ({ ...f, ...(base == null ? {} : { base: String(base) }) });
export const addSocial = (f: SocialForm) => call(socialApis.socialAdd, socialBody(f));
export const editSocial = (f: SocialForm & { id: number }) => call(socialApis.socialEdit, socialBody(f));
export const deleteSocial = (list: number[]) => call(socialApis.socialDel, ids(list));
export const socialRuns = (employeeCode: string, month?: string) => call(socialApis.socialRuns, { employeeCode, ...(month ? { month } : {}) });
export function importSocial(file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  return call(dryRun ? socialApis.socialImportCheck : socialApis.socialImport, form);
}
