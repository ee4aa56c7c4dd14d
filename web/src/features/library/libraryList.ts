/**
 * A library screen's list as the query cache holds it: its key and its filters' parameters. The page (LibraryPage.tsx)
 * and the prefetch of a full load (routes.ts `prefetch`) share them, so that the page finds the first page the
 * prefetch asked for; this module stays light (no screen code) so that it arrives before the page's.
 */
import { libraryKeys, prefetchLibraryTypes, recordKeys } from '../../api/hooks/library';
import { listRecords, type LibType, type LibTypes } from '../../api/library';
import { queryClient } from '../../api/queries';
import type { FieldParams } from '../../components/list/query';
import { prefetchList } from '../../components/list/useList';
import { getLang } from '../../i18n';
import { searchSpecs, typeOfPath } from './libraryView';

/** The parameters of the search card's fields (LibraryPage's searchFields gives each its label and control). */
export function listFieldParams(type: LibType): FieldParams[] {
  const out: FieldParams[] = searchSpecs(type, '').map((s) => ({ names: s.names }));
  if (type.review) out.push({ names: ['status'] });
  if (type.expiry) out.push({ names: ['expiry'] });
  // experts: the social-security filters (SocialWidgets.tsx socialSearchFields)
  if (type.key === 'expert') out.push({ names: ['socialCity'] }, { names: ['socialMonths'] }, { names: ['socialUpTo'] });
  return out;
}

export const recordListKey = (type: LibType) => recordKeys.list(type.key);

/**
 * A full load of a library screen: its record types, then the first page of its list, asked for with the modules
 * (the list waits for the types, which said which fields it has), quietly: a failure leaves the page to ask itself.
 */
export async function prefetchLibraryList(path: string, search: string): Promise<void> {
  await prefetchLibraryTypes();
  const types = queryClient.getQueryData<LibTypes>(libraryKeys.of('types', getLang()))?.types;
  const type = types && typeOfPath(types, path);
  if (!type) return;
  await prefetchList(queryClient, recordListKey(type), listFieldParams(type), (p) => listRecords(type.key, p, { silent: true }), search);
}
