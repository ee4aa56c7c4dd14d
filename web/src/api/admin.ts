/** Calls of system administration: users, roles, the organisation tree, the login log, download tickets. */
import { callApi, defineApis, type CallOptions } from './client';
import type { components } from './schema';
import type { RequestBody } from './types';
import type { Page } from '../components/list/query';
import type { SysMenu } from './types';

type Schemas = components['schemas'];
export type SysUser = Schemas['SysUser'];
export type RoleSummary = Schemas['RoleSummary'];
export type OrgUnit = Schemas['OrgUnit'];
export type LoginLog = Schemas['LoginLog'];
export type UserForm = RequestBody<'/api/sys/user/add', 'post'>;
export type DownloadTicket = Schemas['DownloadTicket'];
export type Role = Schemas['Role'];
export type RoleForm = RequestBody<'/api/sys/role/add', 'post'>;
export type RoleGrants = Schemas['RoleGrants'];

defineApis({
  downloadTicket: { method: 'POST', path: '/api/sys/common/ticket' },
  orgGetByPid: { method: 'GET', path: '/api/dataHumanResources/getByPid' },
  userList: { method: 'GET', path: '/api/sys/user/list' },
  userAdd: { method: 'POST', path: '/api/sys/user/add' },
  userEdit: { method: 'PUT', path: '/api/sys/user/edit' },
  userChangeState: { method: 'PUT', path: '/api/sys/user/changeState' },
  userResetPwd: { method: 'PUT', path: '/api/sys/user/resetPwd' },
  userDel: { method: 'DELETE', path: '/api/sys/user/del' },
  roleAll: { method: 'GET', path: '/api/user/role/all' },
  userSearch: { method: 'GET', path: '/api/user/search' },
  roleAssign: { method: 'PUT', path: '/api/user/role/user' },
  roleRemove: { method: 'DELETE', path: '/api/user/role/user' },
  loginLogList: { method: 'GET', path: '/api/sys/loginLog/list' },
  sysRoleList: { method: 'GET', path: '/api/sys/role/list' },
  sysRoleAdd: { method: 'POST', path: '/api/sys/role/add' },
  sysRoleEdit: { method: 'PUT', path: '/api/sys/role/edit' },
  sysRoleDel: { method: 'DELETE', path: '/api/sys/role/del' },
  sysRoleGrants: { method: 'GET', path: '/api/sys/role/grants' },
  sysRoleSetGrants: { method: 'PUT', path: '/api/sys/role/grants' },
  menuTree: { method: 'GET', path: '/api/sys/menu/tree' },
});

export const EXPORTS = {
  users: '/api/sys/user/export',
  loginLog: '/api/sys/loginLog/export',
  userRoles: '/api/sys/role/exportUserRoles',
} as const;

type Params = Record<string, string>;

export const getDownloadTicket = (path: string) => callApi<DownloadTicket>('downloadTicket', { path });
export const getOrgChildren = (pid: string, opts?: CallOptions) => callApi<OrgUnit[]>('orgGetByPid', { pid }, opts);
export const listUsers = (p: Params) => callApi<Page<SysUser>>('userList', p);
export const addUser = (f: UserForm) => callApi<{ id: number }>('userAdd', { ...f });
export const editUser = (f: UserForm & { id: number }) => callApi<null>('userEdit', { ...f });
export const changeUserState = (ids: number[], state: 0 | 1) => callApi<null>('userChangeState', { ids, state });
export const resetUserPassword = (id: number, password: string) => callApi<null>('userResetPwd', { id, password });
export const deleteUsers = (ids: number[]) => callApi<null>('userDel', { ids: ids.join(',') });
export const allRoles = () => callApi<RoleSummary[]>('roleAll');
export const searchUsers = (p: Params) => callApi<Page<SysUser>>('userSearch', p);
export const assignRole = (userId: number, roleId: number) => callApi<null>('roleAssign', { userId, roleId });
export const removeRole = (userId: number, roleId: number) => callApi<null>('roleRemove', { userId, roleId });
export const listLoginLog = (p: Params) => callApi<Page<LoginLog>>('loginLogList', p);
export const listRoles = (p: Params) => callApi<Page<Role>>('sysRoleList', p);
export const addRole = (f: RoleForm) => callApi<{ id: number }>('sysRoleAdd', { ...f });
export const editRole = (f: RoleForm & { id: number }) => callApi<null>('sysRoleEdit', { ...f });
export const deleteRole = (id: number) => callApi<null>('sysRoleDel', { id });
export const getRoleGrants = (roleId: number) => callApi<RoleGrants>('sysRoleGrants', { roleId });
export const setRoleGrants = (roleId: number, menuCodes: string[], funCodes: string[]) =>
  callApi<null>('sysRoleSetGrants', { roleId, menuCodes, funCodes });
export const getMenuTree = () => callApi<SysMenu[]>('menuTree');
