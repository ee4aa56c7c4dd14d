/** Demand collections and the demands submitted to them (api/demand.ts). */
import { useQuery } from '@tanstack/react-query';
import { editDemand, getPortalCollection, listOpenCollections, submitDemand } from '../demand';
import { resourceKeys } from './keys';
import { useWrite } from './useWrite';

export const demandKeys = resourceKeys('demands');

/**
 * The open collections on the portal's messages page. Deliberately silent: an optional card; without an answer it is
 * not shown and the page goes on without an error toast.
 */
export const useOpenCollections = () =>
  useQuery({
    queryKey: demandKeys.list('open'),
    queryFn: () => listOpenCollections({ state: 'open', limit: '20', sort: 'deadline', order: 'asc' }, { silent: true }),
  });

/** The closed collections the caller submitted to (the whole page /gatewayDemand); silent as the open ones. */
export const useMyClosedCollections = (enabled: boolean) =>
  useQuery({
    queryKey: demandKeys.list('closed-mine'),
    queryFn: async () => {
      const p = await listOpenCollections({ state: 'closed', limit: '20', sort: 'deadline', order: 'desc' }, { silent: true });
      return (p?.records ?? []).filter((c) => c.myCount > 0);
    },
    enabled,
  });

export const usePortalCollection = (id: number | undefined) =>
  useQuery({ queryKey: demandKeys.one(id), queryFn: () => getPortalCollection(id!), enabled: !!id });

/** A demand submitted or edited: the collection (its counts, the caller's demands) and the lists of demands. */
export const useSaveDemand = () =>
  useWrite(
    (v: { collectionId: number; itemId?: number; body: Parameters<typeof submitDemand>[1] }) =>
      v.itemId ? editDemand(v.itemId, v.body) : submitDemand(v.collectionId, v.body),
    [demandKeys.all],
  );
