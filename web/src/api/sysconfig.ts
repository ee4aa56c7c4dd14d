/** Calls of system parameters (/sys_config), system notices, the portal layout (/headerAndfooter_manager) and the common calls. */
import { call, callList, defineApis, type CallOptions, type ListParams } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';
import type { RequestBody } from './types';

type Schemas = components['schemas'];
export type SysParam = Schemas['SysParam'];
export type SysParamForm = RequestBody<'/api/sys/config/add', 'post'>;
export type ParamType = SysParam['type'];
export type ConfigItem = Schemas['ConfigItem'];
export type PortalLink = Schemas['PortalLink'];
export type PortalLayout = Schemas['PortalLayout'];
export type SysNotice = Schemas['SysNotice'];
export type SysNoticeForm = RequestBody<'/api/sys/notice/add', 'post'>;

const apis = defineApis({
  sysConfigList: { method: 'GET', path: '/api/sys/config/list' },
  sysConfigAdd: { method: 'POST', path: '/api/sys/config/add' },
  sysConfigEdit: { method: 'PUT', path: '/api/sys/config/edit' },
  sysConfigDel: { method: 'DELETE', path: '/api/sys/config/del' },
  sysNoticeList: { method: 'GET', path: '/api/sys/notice/list' },
  sysNoticeAdd: { method: 'POST', path: '/api/sys/notice/add' },
  sysNoticeEdit: { method: 'PUT', path: '/api/sys/notice/edit' },
  sysNoticeDel: { method: 'DELETE', path: '/api/sys/notice/del' },
  headerFooterEdit: { method: 'PUT', path: '/api/sys/headerFooter/edit' },
  // spec section 7: the common calls
  configItem: { method: 'GET', path: '/api/sys/common/config/item' },
  noticeGet: { method: 'GET', path: '/api/sys/common/notice/get' },
  portalLayout: { method: 'GET', path: '/api/sys/common/portal/layout' },
});

export const SYS_CONFIG_EXPORT = '/api/sys/config/export' satisfies GetPath;

/** Keys of the built-in parameters the browser reads. */
export const CONFIG_KEYS = { helpUrl: 'sys.help_url' } as const;

type Params = ListParams;

export const listParams = (p: Params) => callList(apis.sysConfigList, p);
export const addParam = (f: SysParamForm) => call(apis.sysConfigAdd, { ...f });
export const editParam = (f: SysParamForm & { id: number }) => call(apis.sysConfigEdit, { ...f });
export const deleteParams = (ids: number[]) => call(apis.sysConfigDel, { ids });
export const listNotices = (p: Params) => callList(apis.sysNoticeList, p);
export const addNotice = (f: SysNoticeForm) => call(apis.sysNoticeAdd, { ...f });
export const editNotice = (f: SysNoticeForm & { id: number }) => call(apis.sysNoticeEdit, { ...f });
export const deleteNotices = (ids: number[]) => call(apis.sysNoticeDel, { ids });
export const saveLayout = (l: PortalLayout) => call(apis.headerFooterEdit, { ...l });
export const configItem = (key: string, opts?: CallOptions) => call(apis.configItem, { key }, opts);
export const activeNotices = (opts?: CallOptions) => call(apis.noticeGet, undefined, opts);
export const portalLayout = (opts?: CallOptions) => call(apis.portalLayout, undefined, opts);
