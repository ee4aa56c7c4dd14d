/** Calls of the expert Word book: the chooser (/expert_make_word) and the kept books (/expert_talents_result). */
import { call, callList, defineApis, type ListParams } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';
import type { RequestBody } from './types';

type Schemas = components['schemas'];
export type ExpertCandidate = Schemas['ExpertCandidate'];
export type ExpertBook = Schemas['ExpertBook'];
export type ExpertBookMade = Schemas['ExpertBookMade'];
export type ExpertBookForm = RequestBody<'/api/expert/book/make', 'post'>;

const apis = defineApis({
  expertBookExperts: { method: 'GET', path: '/api/expert/book/experts' },
  expertBookMake: { method: 'POST', path: '/api/expert/book/make', long: true },
  expertBookList: { method: 'GET', path: '/api/expert/book/list' },
  expertBookDel: { method: 'DELETE', path: '/api/expert/book/del' },
});

/** The download call of a kept book (opened with a single-use ticket). */
export const BOOK_DOWNLOAD = '/api/expert/book/download' satisfies GetPath;

type Params = ListParams;

export const searchBookExperts = (p: Params) => callList(apis.expertBookExperts, p);
/** Generating a book of many experts with photos can take a while: the long timeout applies. */
export const makeExpertBook = (f: ExpertBookForm) => call(apis.expertBookMake, { ...f });
export const listExpertBooks = (p: Params) => callList(apis.expertBookList, p);
export const deleteExpertBooks = (ids: number[]) => call(apis.expertBookDel, { ids });
