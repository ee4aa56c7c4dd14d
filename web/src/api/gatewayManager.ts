/**
 * Calls of portal management (/gatewaymanager, function code `gatewaymanager`; docs/portal.md, 'Portal management'):
 * the home page's banners, its quick links and the order and visibility of its sections. Banner images go up through
 * the banner upload (api/upload.ts, target 'banner'). Errors reach the user through the client's catalogue.
 */
import { call, callList, defineApis, type ListParams } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';
import type { RequestBody } from './types';

type Schemas = components['schemas'];
/** A carousel slide of the home page, as the management list shows it (state: the server's reading of today). */
export type PortalBanner = Schemas['PortalBanner'];
export type PortalBannerForm = RequestBody<'/api/portal/banner/add', 'post'>;
/** A quick link (快捷入口) of the home page. */
export type PortalQuickLink = Schemas['PortalQuickLink'];
export type PortalQuickLinkForm = RequestBody<'/api/portal/link/add', 'post'>;
/** One section of the home page (name: its label in the caller's language); the list's order is the page's order. */
export type PortalSection = Schemas['PortalSection'];
export type PortalSectionInput = NonNullable<RequestBody<'/api/portal/section/save', 'put'>['sections']>[number];

/**
 * The icon names a quick link may use: the server's fixed list (GET /api/portal/link/icons answers it; this copy is
 * what the select offers until that answer has arrived). components/icons.tsx draws them.
 */
export const LINK_ICONS = [
  'link', 'global', 'home', 'search', 'book', 'file', 'folder', 'download', 'upload', 'profile', 'idcard',
  'safetycertificate', 'trophy', 'key', 'tool', 'appstore', 'schedule', 'notification', 'team', 'user', 'tags',
  'barchart', 'database', 'gift', 'audit', 'setting',
] as const;

const apis = defineApis({
  gmBannerList: { method: 'GET', path: '/api/portal/banner/list' },
  gmBannerAdd: { method: 'POST', path: '/api/portal/banner/add' },
  gmBannerEdit: { method: 'PUT', path: '/api/portal/banner/edit' },
  gmBannerDel: { method: 'DELETE', path: '/api/portal/banner/del' },
  gmBannerState: { method: 'PUT', path: '/api/portal/banner/changeState' },
  gmLinkList: { method: 'GET', path: '/api/portal/link/list' },
  gmLinkAdd: { method: 'POST', path: '/api/portal/link/add' },
  gmLinkEdit: { method: 'PUT', path: '/api/portal/link/edit' },
  gmLinkDel: { method: 'DELETE', path: '/api/portal/link/del' },
  gmLinkIcons: { method: 'GET', path: '/api/portal/link/icons' },
  gmSectionList: { method: 'GET', path: '/api/portal/section/list' },
  gmSectionSave: { method: 'PUT', path: '/api/portal/section/save' },
});

export const BANNER_EXPORT = '/api/portal/banner/export' satisfies GetPath;
export const LINK_EXPORT = '/api/portal/link/export' satisfies GetPath;

type Params = ListParams;
const ids = (list: number[]) => ({ ids: list });

export const listBanners = (p: Params) => callList(apis.gmBannerList, p);
export const addBanner = (f: PortalBannerForm) => call(apis.gmBannerAdd, { ...f });
export const editBanner = (f: PortalBannerForm & { id: number }) => call(apis.gmBannerEdit, { ...f });
export const deleteBanners = (list: number[]) => call(apis.gmBannerDel, ids(list));
export const changeBannerState = (list: number[], enabled: 0 | 1) =>
  call(apis.gmBannerState, { ids: list, enabled } satisfies RequestBody<'/api/portal/banner/changeState', 'put'>);

export const listLinks = (p: Params) => callList(apis.gmLinkList, p);
export const addLink = (f: PortalQuickLinkForm) => call(apis.gmLinkAdd, { ...f });
export const editLink = (f: PortalQuickLinkForm & { id: number }) => call(apis.gmLinkEdit, { ...f });
export const deleteLinks = (list: number[]) => call(apis.gmLinkDel, ids(list));

let iconsOnce: Promise<string[]> | undefined;
/** The server's icon names (asked once per page load). */
export function linkIcons(): Promise<string[]> {
  iconsOnce ??= call(apis.gmLinkIcons, undefined, { silent: true }).catch((e: unknown) => {
    iconsOnce = undefined;
    throw e;
  });
  return iconsOnce;
}

/** The sections in the stored order. */
export const listSections = () => call(apis.gmSectionList);
/** Stores the whole list in page order; answers the stored list. */
export const saveSections = (sections: PortalSectionInput[]) => call(apis.gmSectionSave, { sections });
