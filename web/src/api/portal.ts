/**
 * Calls of the portal (docs/portal.md): one search over every published material type, one record, the home page in
 * one call, the caller's messages and the bid pack. Portal management (/gatewaymanager) is api/gatewayManager.ts.
 */
import { call, callList, defineApis, type CallOptions, type ListParams } from './client';
import type { components } from './schema';
import type { AnswerOf, QueryOf, GetPath } from './routes';

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

export type FacetKey = keyof PortalFacets;
export const FACET_KEYS: readonly FacetKey[] = ['type', 'tag', 'unit', 'validity', 'year'];

export type PortalFacet = Schemas['PortalFacet'];
export type PortalFacets = Schemas['PortalFacets'];

/** The answer of GET /api/portal/search: a page of hits and, when asked for, the facets. */
export type PortalSearchResult = AnswerOf<typeof apis.portalSearch>;
export type PortalSort = NonNullable<PortalSearchParams['sort']>;
export type PortalValidity = NonNullable<PortalSearchParams['validity']>;

/** The parameters of GET /api/portal/search (all optional), as the document declares them. */
export type PortalSearchParams = QueryOf<typeof apis.portalSearch>;

/**
 * One record as the portal shows it: the library's record plus its type's name, tab and downloads; the document marks
 * it open (the type's fields follow, described as data), which the generated type does not show.
 */
export type PortalRecord = AnswerOf<typeof apis.portalRecordOne> & Record<string, unknown>;

/* ---------- calls ---------- */

const apis = defineApis({
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
export const PACK_DOWNLOAD_PATH = '/api/portal/pack/download' satisfies GetPath;

type Params = ListParams;

export const portalSearch = (p: PortalSearchParams, opts?: CallOptions) => call(apis.portalSearch, { ...p }, opts);
export const portalRecord = (id: number, opts?: CallOptions) =>
  call(apis.portalRecordOne, { id }, opts).then((r): PortalRecord => r);
export const portalHome = (opts?: CallOptions) => call(apis.portalHome, undefined, opts);

export const listMessages = (p: Params, opts?: CallOptions) => callList(apis.portalMsgList, p, opts);
/** Marks messages read; answers the caller's unread count. */
export const readMessages = (items: { kind: MessageKind; id: number }[], opts?: CallOptions) =>
  call(apis.portalMsgRead, { items }, opts);
export const readAllMessages = (opts?: CallOptions) => call(apis.portalMsgReadAll, undefined, opts);

export const getPack = (opts?: CallOptions) => call(apis.portalPack, undefined, opts);
/** The pack's writes answer its new size. */
export const addToPackApi = (ids: number[], opts?: CallOptions) => call(apis.portalPackAdd, { ids }, opts);
export const delFromPackApi = (ids: number[], opts?: CallOptions) => call(apis.portalPackDel, { ids }, opts);
export const clearPackApi = (opts?: CallOptions) => call(apis.portalPackClear, undefined, opts);
