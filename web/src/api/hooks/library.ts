/** The library's record types, records, their history and loans, and the tag set (api/library.ts). */
import { useQuery } from '@tanstack/react-query';
import { allTags, deleteRecords, forgetLibraryTypes, generateMessages, libraryTypes, markMessagesRead, recordHistory, recordLoans, returnKey, reviewRecords } from '../library';
import { getLang } from '../../i18n';
import { queryClient } from '../queries';
import { prefetchForPage, resourceKeys } from './keys';
import { useWrite } from './useWrite';

export const libraryKeys = resourceKeys('library');
/** records of every type: list(type), one(type, id), of('history' | 'loans', type, id) */
export const recordKeys = resourceKeys('libRecords');
export const tagKeys = resourceKeys('libTags');

/**
 * The record types as data, in the language of the screen (their labels): asked once per language and page load,
 * as the server's types change only with a new version.
 */
export const useLibraryTypes = (lang: string, enabled = true) =>
  useQuery({
    queryKey: libraryKeys.of('types', lang),
    queryFn: () => {
      forgetLibraryTypes();
      return libraryTypes();
    },
    staleTime: Infinity,
    enabled,
  });

/**
 * The record types asked for with the modules of a full load of a library screen (routes.ts `prefetch`), into the
 * cache useLibraryTypes reads: the screen's list waits for them, so they no longer wait for the screen's first render.
 */
export const prefetchLibraryTypes = () =>
  prefetchForPage(queryClient, libraryKeys.of('types', getLang()), () => {
    forgetLibraryTypes();
    return libraryTypes({ silent: true });
  });

/** The tag set, asked once per page load; the tag screen's writes invalidate it (tagKeys.all). */
export const useTagOptions = () => useQuery({ queryKey: tagKeys.of('all'), queryFn: allTags, staleTime: Infinity });

export const useRecordHistory = (type: string, id: number) =>
  useQuery({ queryKey: recordKeys.of('history', type, id), queryFn: () => recordHistory(type, id) });
export const useRecordLoans = (type: string, id: number, enabled: boolean) =>
  useQuery({ queryKey: recordKeys.of('loans', type, id), queryFn: () => recordLoans(type, id), enabled });

/** Record writes touch the type's records: its lists, the records' history and loans. */
export const useDeleteRecords = (type: string) => useWrite((ids: number[]) => deleteRecords(type, ids), [recordKeys.all]);
export const useReviewRecords = (type: string) =>
  useWrite((v: { action: 'submit' | 'approve' | 'reject'; ids: number[]; reason?: string }) => reviewRecords(type, v.action, v.ids, v.reason), [recordKeys.all]);
export const useReturnKey = (type: string) => useWrite((v: { id: number; remark?: string }) => returnKey(type, v.id, v.remark), [recordKeys.all]);
export const useGenerateMessages = () => useWrite(() => generateMessages(), [recordKeys.all]);
export const useMarkMessagesRead = () => useWrite((ids: number[]) => markMessagesRead(ids), [recordKeys.all]);
