/** Roles, their grants, members and data scopes; the menu tree (api/admin.ts, api/dataScope.ts). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { allRoles, assignRole, getMenuTree, getRoleGrants, removeRole, searchUsers, setRoleGrants } from '../admin';
import { dataModules, roleDataScopes, saveRoleDataScopes } from '../dataScope';
import { resourceKeys } from './keys';
import { useWrite } from './useWrite';

export const roleKeys = resourceKeys('roles');
export const menuKeys = resourceKeys('menus');
export const userKeys = resourceKeys('users');

export const useAllRoles = () => useQuery({ queryKey: roleKeys.of('all'), queryFn: allRoles });
export const useMenuTree = () => useQuery({ queryKey: menuKeys.of('tree'), queryFn: getMenuTree });

export const useRoleGrants = (roleId: number | undefined) =>
  useQuery({ queryKey: roleKeys.of('grants', roleId), queryFn: () => getRoleGrants(roleId!), enabled: !!roleId });

export const useSaveRoleGrants = () =>
  useWrite(
    (v: { roleId: number; menuCodes: string[]; funCodes: string[] }) => setRoleGrants(v.roleId, v.menuCodes, v.funCodes),
    (v) => [roleKeys.of('grants', v.roleId)],
  );

/** A role's members, a page at a time (users searched by role). */
export const useRoleMembers = (roleId: number | undefined, current: number) =>
  useQuery({
    queryKey: roleKeys.of('members', roleId, current),
    queryFn: () => searchUsers({ roleId: String(roleId), current: String(current), limit: '10', sort: 'loginCode' }),
    enabled: !!roleId,
    placeholderData: keepPreviousData,
  });

/** Users found by a keyword (empty keyword: no query). */
export const useUserSearch = (keyword: string, limit = 20) =>
  useQuery({
    queryKey: userKeys.of('search', keyword, limit),
    queryFn: () => searchUsers({ keyword, limit: String(limit) }),
    enabled: !!keyword,
  });

/** Membership changes touch the role (its member count and members) and the user lists. */
const membership = [roleKeys.all, userKeys.all];
export const useAssignRole = () => useWrite((v: { userId: number; roleId: number }) => assignRole(v.userId, v.roleId), membership);
export const useRemoveRole = () => useWrite((v: { userId: number; roleId: number }) => removeRole(v.userId, v.roleId), membership);

export const useDataModules = () => useQuery({ queryKey: roleKeys.of('dataModules'), queryFn: dataModules });
export const useRoleDataScopes = (roleId: number | undefined) =>
  useQuery({ queryKey: roleKeys.of('dataScopes', roleId), queryFn: () => roleDataScopes(roleId!), enabled: !!roleId });
export const useSaveRoleDataScopes = () =>
  useWrite(
    (v: { roleId: number; scopes: Parameters<typeof saveRoleDataScopes>[1] }) => saveRoleDataScopes(v.roleId, v.scopes),
    (v) => [roleKeys.of('dataScopes', v.roleId)],
  );

/** The roles an account form offers: `kind` names the kind of account (staff, external), `load` asks for them. */
export const useAssignableRoles = (kind: string, load: () => Promise<{ id: number; name: string }[]>, enabled: boolean) =>
  useQuery({ queryKey: roleKeys.of('assignable', kind), queryFn: load, enabled });
