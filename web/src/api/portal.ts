/**
 * Calls of the portal (docs/portal.md): one search over every published material type, one record, the home page in
 * one call, the caller's messages and the bid pack. Portal management (/gatewaymanager) is api/gatewayManager.ts.
 */
import { callApi, defineApis, type CallOptions } from './client';
import type { LibRecord } from './library';
import type { Page } from '../components/list/query';
import type { components } from './schema';

/* ---------- types ---------- */

type Schemas = components['schemas'];

/** A UTF-16 code-unit range [start, end) of a hit's title or summary (what String.slice takes). */
export type HighlightRange = readonly number[];

export type PortalTag = PortalHit['tags'][number];
/** One material the portal shows (search, home page): type, title, summary, unit, dates, downloads, files, tags. */
export type PortalHit = Schemas['PortalHit'];
/** A material of the bid pack; `gone`: the portal no longer shows it (only id, type, typeName, tab and title). */
export type PortalPackItem = Schemas['PortalPackItem'];
export type PortalPack = Schemas['PortalPack'];
export type PortalSection = Schemas['PortalSection'];
export type SectionKey = PortalSection['key'];
/** A carousel slide of the home page. */
export type HomeBanner = Schemas['PortalHomeBanner'];
/** A quick link of the home page; icon: a name of the fixed list (api/gatewayManager.ts LINK_ICONS). */
export type HomeLink = Schemas['PortalHomeLink'];
export type PortalCount = Schemas['PortalCount'];
export type PortalHome = Schemas['PortalHome'];
/** A message to-do addressed to the caller, or a live announcement, with its read state and the material it is about. */
export type PortalMessage = Schemas['PortalMessage'];
export type PortalMessagePage = Schemas['PortalMessagePage'];
export type MessageKind = PortalMessage['kind'];
export type MessageState = PortalMessage['state'];
export const MESSAGE_KINDS: readonly MessageKind[] = ['review', 'course', 'reward', 'demand', 'expiry', 'loan', 'announcement', 'notice'];

/*
 * The search's answer and parameters and the one-record answer are declared here to match docs/portal.md until
 * api/openapi.json carries their schemas.
 */

export type FacetKey = 'type' | 'tag' | 'unit' | 'validity' | 'year';
export const FACET_KEYS: readonly FacetKey[] = ['type', 'tag', 'unit', 'validity', 'year'];

export interface PortalFacet {
  value: string;
  label: string;
  count: number;
}

export type PortalFacets = Partial<Record<FacetKey, PortalFacet[]>>;

export interface PortalSearchResult extends Page<PortalHit> {
  facets?: PortalFacets;
}

export type PortalSort = 'relevance' | 'newest' | 'downloads';
export type PortalValidity = 'valid' | 'expired';

/** The parameters of GET /api/portal/search (all optional; strings as they go into the query). */
export interface PortalSearchParams {
  keywords?: string;
  /** a type key or several comma-separated */
  type?: string;
  tagId?: string;
  /** fullUnitCode of the record's unit */
  unit?: string;
  validity?: PortalValidity;
  year?: string;
  sort?: PortalSort;
  current?: string;
  limit?: string;
  facets?: '1';
}

/** One record as the portal shows it: the library's flat record plus its type's name, tab and downloads. */
export type PortalRecord = LibRecord & { typeName: string; tab: string; downloads: number };

/* ---------- calls ---------- */

defineApis({
  portalSearch: { method: 'GET', path: '/api/portal/search' },
  portalRecordOne: { method: 'GET', path: '/api/portal/record/one' },
  portalHome: { method: 'GET', path: '/api/portal/home' },
  portalMsgList: { method: 'GET', path: '/api/portal/msg/list' },
  portalMsgRead: { method: 'POST', path: '/api/portal/msg/read' },
  portalMsgReadAll: { method: 'POST', path: '/api/portal/msg/readAll' },
  portalPack: { method: 'GET', path: '/api/portal/pack' },
  portalPackAdd: { method: 'POST', path: '/api/portal/pack/add' },
  portalPackDel: { method: 'POST', path: '/api/portal/pack/del' },
  portalPackClear: { method: 'POST', path: '/api/portal/pack/clear' },
});

/** The bid pack as one zip (a download route: open it with openExport, a single-use ticket in the URL). */
export const PACK_DOWNLOAD_PATH = '/api/portal/pack/download';

type Params = Record<string, string>;

export const portalSearch = (p: PortalSearchParams, opts?: CallOptions) =>
  callApi<PortalSearchResult>('portalSearch', { ...p }, opts);
export const portalRecord = (id: number, opts?: CallOptions) => callApi<PortalRecord>('portalRecordOne', { id: String(id) }, opts);
export const portalHome = (opts?: CallOptions) => callApi<PortalHome>('portalHome', undefined, opts);

export const listMessages = (p: Params, opts?: CallOptions) => callApi<PortalMessagePage>('portalMsgList', p, opts);
/** Marks messages read; answers the caller's unread count. */
export const readMessages = (items: { kind: MessageKind; id: number }[], opts?: CallOptions) =>
  callApi<Schemas['PortalUnread'] | null>('portalMsgRead', { items }, opts);
export const readAllMessages = (opts?: CallOptions) => callApi<Schemas['PortalUnread'] | null>('portalMsgReadAll', undefined, opts);

export const getPack = (opts?: CallOptions) => callApi<PortalPack>('portalPack', undefined, opts);
/** The pack's writes answer its new size. */
export const addToPackApi = (ids: number[], opts?: CallOptions) => callApi<Schemas['PortalPackCount'] | null>('portalPackAdd', { ids }, opts);
export const delFromPackApi = (ids: number[], opts?: CallOptions) => callApi<Schemas['PortalPackCount'] | null>('portalPackDel', { ids }, opts);
export const clearPackApi = (opts?: CallOptions) => callApi<Schemas['PortalPackCount'] | null>('portalPackClear', undefined, opts);
