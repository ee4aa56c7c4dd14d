/** Calls of the expert Word book: the chooser (/expert_make_word) and the kept books (/expert_talents_result). */
import { callApi, defineApis } from './client';
import type { components } from './schema';
import type { RequestBody } from './types';
import type { Page } from '../components/list/query';

type Schemas = components['schemas'];
export type ExpertCandidate = Schemas['ExpertCandidate'];
export type ExpertBook = Schemas['ExpertBook'];
export type ExpertBookMade = Schemas['ExpertBookMade'];
export type ExpertBookForm = RequestBody<'/api/expert/book/make', 'post'>;

defineApis({
  expertBookExperts: { method: 'GET', path: '/api/expert/book/experts' },
  expertBookMake: { method: 'POST', path: '/api/expert/book/make', long: true },
  expertBookList: { method: 'GET', path: '/api/expert/book/list' },
  expertBookDel: { method: 'DELETE', path: '/api/expert/book/del' },
});

/** The download call of a kept book (opened with a single-use ticket). */
export const BOOK_DOWNLOAD = '/api/expert/book/download';

type Params = Record<string, string>;

export const searchBookExperts = (p: Params) => callApi<Page<ExpertCandidate>>('expertBookExperts', p);
/** Generating a book of many experts with photos can take a while: the long timeout applies. */
export const makeExpertBook = (f: ExpertBookForm) => callApi<ExpertBookMade>('expertBookMake', { ...f });
export const listExpertBooks = (p: Params) => callApi<Page<ExpertBook>>('expertBookList', p);
export const deleteExpertBooks = (ids: number[]) => callApi<null>('expertBookDel', { ids: ids.join(',') });
