/**
 * Calls of demand collection (/demandcollection, function code `demandcollection`, bound by the data scope of module
 * demand) and of the audience's side in the portal (function code `gateway`, bound by the audience). Rules:
 * docs/decisions/0013-demand-collection.md. Errors reach the user through the client's catalogue.
 */
import { callApi, defineApis, type CallOptions } from './client';
import type { Page } from '../components/list/query';

/** The types of a collection's form field. */
export const DEMAND_FIELD_TYPES = ['text', 'number', 'date', 'dict', 'file'] as const;
export type DemandFieldType = (typeof DEMAND_FIELD_TYPES)[number];

/** One field of a collection's form, described as data. */
export interface DemandField {
  key: string;
  label: string;
  type: DemandFieldType;
  required: boolean;
  dict?: string;
}

/** The answers the bid team gives (a demand not answered yet is 'submitted'). */
export const DEMAND_ANSWERS = ['accepted', 'in_progress', 'done', 'declined'] as const;
export const DEMAND_STATES = ['submitted', ...DEMAND_ANSWERS] as const;
export type DemandState = (typeof DEMAND_STATES)[number];

export interface DemandCollection {
  id: number;
  title: string;
  description: string;
  deadline: string;
  state: 'open' | 'closed';
  unitCode: string;
  unitName: string;
  audienceUnits: string;
  audienceEmployees: string;
  audienceLabel: string;
  fields: DemandField[];
  demandCount: number;
  answeredCount: number;
  myCount: number;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
}

export interface DemandFileRef {
  id: number;
  name: string;
}

export interface DemandItem {
  id: number;
  collectionId: number;
  collectionTitle: string;
  deadline: string;
  userId: number;
  loginCode: string;
  userName: string;
  unitCode: string;
  unitName: string;
  content: string;
  values: Record<string, unknown>;
  state: DemandState;
  reason: string;
  answeredByName: string;
  answeredAt?: string | null;
  editable: boolean;
  files: DemandFileRef[];
  createdAt: string;
  updatedAt: string;
}

export interface DemandCollectionForm {
  title: string;
  description: string;
  deadline: string;
  audienceUnits: string;
  audienceEmployees: string;
  fields: DemandField[];
}

export interface DemandSubmitForm {
  content: string;
  values: Record<string, unknown>;
  fileIds: number[];
}

defineApis({
  demandList: { method: 'GET', path: '/api/demand/collection/list' },
  demandOne: { method: 'GET', path: '/api/demand/collection/one' },
  demandAdd: { method: 'POST', path: '/api/demand/collection/add' },
  demandEdit: { method: 'PUT', path: '/api/demand/collection/edit' },
  demandDel: { method: 'DELETE', path: '/api/demand/collection/del' },
  demandRemind: { method: 'POST', path: '/api/demand/collection/remind' },
  demandItemList: { method: 'GET', path: '/api/demand/item/list' },
  demandItemState: { method: 'PUT', path: '/api/demand/item/state' },
  portalDemandList: { method: 'GET', path: '/api/portal/demand/list' },
  portalDemandOne: { method: 'GET', path: '/api/portal/demand/one' },
  portalDemandMine: { method: 'GET', path: '/api/portal/demand/mine' },
  portalDemandSubmit: { method: 'POST', path: '/api/portal/demand/submit' },
  portalDemandEdit: { method: 'PUT', path: '/api/portal/demand/edit' },
});

/** The export 'demand collection' (spec section 7): the demands with the list's filters. */
export const DEMAND_EXPORT = '/api/demand/item/export';

type Params = Record<string, string>;

export const listCollections = (p: Params) => callApi<Page<DemandCollection>>('demandList', p);
export const getCollection = (id: number) => callApi<DemandCollection>('demandOne', { id: String(id) });
export const addCollection = (f: DemandCollectionForm) => callApi<{ id: number }>('demandAdd', { ...f });
export const editCollection = (f: DemandCollectionForm & { id: number }) => callApi<null>('demandEdit', { ...f });
export const deleteCollections = (ids: number[]) => callApi<null>('demandDel', { ids });
export const remindCollection = (id: number) => callApi<{ count: number }>('demandRemind', { id });
export const listDemandItems = (p: Params) => callApi<Page<DemandItem>>('demandItemList', p);
export const answerDemands = (ids: number[], state: DemandState, reason = '') => callApi<null>('demandItemState', { ids, state, reason });

export const listOpenCollections = (p: Params, opts?: CallOptions) => callApi<Page<DemandCollection>>('portalDemandList', p, opts);
export const getPortalCollection = (id: number) =>
  callApi<{ collection: DemandCollection; mine: DemandItem[] }>('portalDemandOne', { id: String(id) });
export const submitDemand = (collectionId: number, f: DemandSubmitForm) => callApi<{ id: number }>('portalDemandSubmit', { collectionId, ...f });
export const editDemand = (id: number, f: DemandSubmitForm) => callApi<null>('portalDemandEdit', { id, ...f });
