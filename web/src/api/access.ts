/** Calls of menus (/menusmanager), function codes (/functionsmanager) and resources (/resmanager). */
import { call, callList, defineApis, type ListParams } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';
import type { RequestBody } from './types';

type Schemas = components['schemas'];
export type MenuNode = Schemas['MenuNode'];
export type MenuForm = RequestBody<'/api/sys/menu/add', 'post'>;
export type FunctionRec = Schemas['FunctionRec'];
export type FunctionForm = RequestBody<'/api/sys/function/add', 'post'>;
export type FunctionOption = Schemas['FunctionOption'];
export type Resource = Schemas['Resource'];
export type ResourceRef = Schemas['ResourceRef'];

const apis = defineApis({
  menuList: { method: 'GET', path: '/api/sys/menu/list' },
  menuAdd: { method: 'POST', path: '/api/sys/menu/add' },
  menuEdit: { method: 'PUT', path: '/api/sys/menu/edit' },
  menuDel: { method: 'DELETE', path: '/api/sys/menu/del' },
  menuChangeVisible: { method: 'PUT', path: '/api/sys/menu/changeVisible' },
  menuSort: { method: 'PUT', path: '/api/sys/menu/sort' },
  menuMove: { method: 'PUT', path: '/api/sys/menu/move' },
  functionList: { method: 'GET', path: '/api/sys/function/list' },
  functionAdd: { method: 'POST', path: '/api/sys/function/add' },
  functionEdit: { method: 'PUT', path: '/api/sys/function/edit' },
  functionDel: { method: 'DELETE', path: '/api/sys/function/del' },
  functionAll: { method: 'GET', path: '/api/sys/function/all' },
  resourceList: { method: 'GET', path: '/api/sys/resource/list' },
  resourceEdit: { method: 'PUT', path: '/api/sys/resource/edit' },
  resourceReset: { method: 'PUT', path: '/api/sys/resource/reset' },
  resourceAll: { method: 'GET', path: '/api/sys/resource/all' },
});

export const ACCESS_EXPORTS = {
  menus: '/api/sys/menu/export',
  functions: '/api/sys/function/export',
  resources: '/api/sys/resource/export',
} as const satisfies Record<string, GetPath>;

type Params = ListParams;

export const listMenus = () => call(apis.menuList);
export const addMenu = (f: MenuForm) => call(apis.menuAdd, { ...f });
export const editMenu = (f: MenuForm & { id: number }) => call(apis.menuEdit, { ...f });
export const deleteMenu = (id: number) => call(apis.menuDel, { id });
export const changeMenuVisible = (id: number, visible: 0 | 1) => call(apis.menuChangeVisible, { id, visible: String(visible) });
export const sortMenus = (items: { id: number; sort: number }[]) => call(apis.menuSort, { items });
export const moveMenu = (id: number, parentId: number, index: number) => call(apis.menuMove, { id, parentId, index });

export const listFunctions = (p: Params) => callList(apis.functionList, p);
export const addFunction = (f: FunctionForm) => call(apis.functionAdd, { ...f });
export const editFunction = (f: FunctionForm & { id: number }) => call(apis.functionEdit, { ...f });
export const deleteFunction = (id: number) => call(apis.functionDel, { id });
export const allFunctions = () => call(apis.functionAll);

export const listResources = (p: Params) => callList(apis.resourceList, p);
export const editResource = (id: number, name: string, funCodes?: string[]) =>
  call(apis.resourceEdit, funCodes ? { id, name, funCodes } : { id, name });
export const resetResource = (id: number) => call(apis.resourceReset, { id });
export const allResources = () => call(apis.resourceAll);
