/** Calls of system parameters (/sys_config), system notices, the portal layout (/headerAndfooter_manager) and the common calls. */
import { callApi, defineApis, type CallOptions } from './client';
import type { components } from './schema';
import type { RequestBody } from './types';
import type { Page } from '../components/list/query';

type Schemas = components['schemas'];
export type SysParam = Schemas['SysParam'];
export type SysParamForm = RequestBody<'/api/sys/config/add', 'post'>;
export type ParamType = SysParam['type'];
export type ConfigItem = Schemas['ConfigItem'];
export type PortalLink = Schemas['PortalLink'];
export type PortalLayout = Schemas['PortalLayout'];
export type SysNotice = Schemas['SysNotice'];
export type SysNoticeForm = RequestBody<'/api/sys/notice/add', 'post'>;

defineApis({
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

export const SYS_CONFIG_EXPORT = '/api/sys/config/export';

/** Keys of the built-in parameters the browser reads. */
export const CONFIG_KEYS = { helpUrl: 'sys.help_url' } as const;

type Params = Record<string, string>;

export const listParams = (p: Params) => callApi<Page<SysParam>>('sysConfigList', p);
export const addParam = (f: SysParamForm) => callApi<{ id: number }>('sysConfigAdd', { ...f });
export const editParam = (f: SysParamForm & { id: number }) => callApi<null>('sysConfigEdit', { ...f });
export const deleteParams = (ids: number[]) => callApi<null>('sysConfigDel', { ids: ids.join(',') });
export const listNotices = (p: Params) => callApi<Page<SysNotice>>('sysNoticeList', p);
export const addNotice = (f: SysNoticeForm) => callApi<{ id: number }>('sysNoticeAdd', { ...f });
export const editNotice = (f: SysNoticeForm & { id: number }) => callApi<null>('sysNoticeEdit', { ...f });
export const deleteNotices = (ids: number[]) => callApi<null>('sysNoticeDel', { ids: ids.join(',') });
export const saveLayout = (l: PortalLayout) => callApi<PortalLayout>('headerFooterEdit', { ...l });
export const configItem = (key: string, opts?: CallOptions) => callApi<ConfigItem>('configItem', { key }, opts);
export const activeNotices = (opts?: CallOptions) => callApi<SysNotice[]>('noticeGet', undefined, opts);
export const portalLayout = (opts?: CallOptions) => callApi<PortalLayout>('portalLayout', undefined, opts);
