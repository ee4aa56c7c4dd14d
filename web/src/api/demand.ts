/**
 * Calls of demand collection (/demandcollection, function code `demandcollection`, bound by the data scope of module
 * demand) and of the audience's side in the portal (function code `gateway`, bound by the audience). Rules:
 * docs/decisions/0013-demand-collection.md. Errors reach the user through the client's catalogue.
 */
import { call, callList, defineApis, type CallOptions, type ListParams } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';
import type { RequestBody } from './types';

type Schemas = components['schemas'];

/** The types of a collection's form field. */
export const DEMAND_FIELD_TYPES = ['text', 'number', 'date', 'dict', 'file'] as const satisfies readonly Schemas['DemandField']['type'][];
export type DemandFieldType = Schemas['DemandField']['type'];

/** One field of a collection's form, described as data. */
export type DemandField = Schemas['DemandField'];

/** The answers the bid team gives (a demand not answered yet is 'submitted'). */
export const DEMAND_ANSWERS = ['accepted', 'in_progress', 'done', 'declined'] as const satisfies readonly Schemas['DemandItem']['state'][];
export const DEMAND_STATES = ['submitted', ...DEMAND_ANSWERS] as const;
export type DemandState = Schemas['DemandItem']['state'];

export type DemandCollection = Schemas['DemandCollection'];
export type DemandFileRef = Schemas['DemandFileRef'];
export type DemandItem = Schemas['DemandItem'];
export type DemandReply = Schemas['DemandReply'];
export type DemandCollectionForm = Required<Omit<RequestBody<'/api/demand/collection/add', 'post'>, 'id'>>;
export type DemandSubmitForm = Required<Pick<RequestBody<'/api/portal/demand/submit', 'post'>, 'content' | 'values' | 'fileIds'>>;

const apis = defineApis({
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
export const DEMAND_EXPORT = '/api/demand/item/export' satisfies GetPath;

type Params = ListParams;

export const listCollections = (p: Params) => callList(apis.demandList, p);
export const getCollection = (id: number) => call(apis.demandOne, { id });
export const addCollection = (f: DemandCollectionForm) => call(apis.demandAdd, { ...f });
export const editCollection = (f: DemandCollectionForm & { id: number }) => call(apis.demandEdit, { ...f });
export const deleteCollections = (ids: number[]) => call(apis.demandDel, { ids });
export const remindCollection = (id: number) => call(apis.demandRemind, { id });
export const listDemandItems = (p: Params) => callList(apis.demandItemList, p);
/** One answer (state, text, files) to the demands named; the text is required for a decline. */
export type DemandAnswer = Required<Pick<RequestBody<'/api/demand/item/state', 'put'>, 'ids' | 'state' | 'text' | 'fileIds'>>;
export const answerDemands = (a: DemandAnswer) => call(apis.demandItemState, { ...a });

export const listOpenCollections = (p: Params, opts?: CallOptions) => callList(apis.portalDemandList, p, opts);
export const getPortalCollection = (id: number) =>
  call(apis.portalDemandOne, { id });
export const submitDemand = (collectionId: number, f: DemandSubmitForm) => call(apis.portalDemandSubmit, { collectionId, ...f });
export const editDemand = (id: number, f: DemandSubmitForm) => call(apis.portalDemandEdit, { id, ...f });
