/** Calls of system administration: users, roles, the organisation tree, the login log, download tickets. */
import { call, callValue, callList, defineApis, type CallOptions, type ListParams } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';
import type { RequestBody } from './types';

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

const apis = defineApis({
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
} as const satisfies Record<string, GetPath>;

type Params = ListParams;

export const getDownloadTicket = (path: string) => callValue(apis.downloadTicket, { path });
export const getOrgChildren = (pid: string, opts?: CallOptions) => call(apis.orgGetByPid, { pid }, opts);
export const listUsers = (p: Params, opts?: CallOptions) => callList(apis.userList, p, opts);
export const addUser = (f: UserForm) => call(apis.userAdd, { ...f });
export const editUser = (f: UserForm & { id: number }) => call(apis.userEdit, { ...f });
export const changeUserState = (ids: number[], state: 0 | 1) => call(apis.userChangeState, { ids, state: String(state) });
export const resetUserPassword = (id: number, password: string) => call(apis.userResetPwd, { id, password });
export const deleteUsers = (ids: number[]) => call(apis.userDel, { ids });
export const allRoles = () => call(apis.roleAll);
export const searchUsers = (p: Params) => callList(apis.userSearch, p);
export const assignRole = (userId: number, roleId: number) => call(apis.roleAssign, { userId, roleId });
export const removeRole = (userId: number, roleId: number) => call(apis.roleRemove, { userId, roleId });
export const listLoginLog = (p: Params) => callList(apis.loginLogList, p);
export const listRoles = (p: Params) => callList(apis.sysRoleList, p);
export const addRole = (f: RoleForm) => call(apis.sysRoleAdd, { ...f });
export const editRole = (f: RoleForm & { id: number }) => call(apis.sysRoleEdit, { ...f });
export const deleteRole = (id: number) => call(apis.sysRoleDel, { id });
export const getRoleGrants = (roleId: number) => callValue(apis.sysRoleGrants, { roleId });
export const setRoleGrants = (roleId: number, menuCodes: string[], funCodes: string[]) =>
  call(apis.sysRoleSetGrants, { roleId, menuCodes, funCodes });
export const getMenuTree = () => call(apis.menuTree);
