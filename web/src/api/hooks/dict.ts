/** The dictionary manager's reads (api/dict.ts): a dictionary's items. */
import { useQuery } from '@tanstack/react-query';
import { dictChildren } from '../dict';
import { resourceKeys } from './keys';

/** dictionaries (groups: list()) and their items (of('items', groupId)) */
export const dictKeys = resourceKeys('dicts');

/** The items of a dictionary (none chosen: no query). */
export const useDictItems = (groupId: number | undefined) =>
  useQuery({ queryKey: dictKeys.of('items', groupId), queryFn: () => dictChildren(groupId!), enabled: !!groupId });
