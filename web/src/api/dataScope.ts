/** A role's data scopes (docs/data-rules.md): which units its members may see, per module. */
import { callApi, defineApis } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];
export type DataScope = Schemas['DataScope'];
export type DataModule = Schemas['DataModule'];
export type ScopeKind = DataScope['scope'];

export const SCOPE_KINDS: readonly ScopeKind[] = ['all', 'unit_and_below', 'unit', 'custom'];

defineApis({
  dataModules: { method: 'GET', path: '/api/org/dataModules' },
  roleDataScope: { method: 'GET', path: '/api/sys/role/dataScope' },
  roleDataScopeSave: { method: 'PUT', path: '/api/sys/role/dataScope' },
});

export const dataModules = () => callApi<DataModule[]>('dataModules');
export const roleDataScopes = (roleId: number) => callApi<DataScope[]>('roleDataScope', { roleId });
export const saveRoleDataScopes = (roleId: number, scopes: Pick<DataScope, 'moduleName' | 'scope' | 'unitCodes'>[]) =>
  callApi<null>('roleDataScopeSave', { roleId, scopes });
