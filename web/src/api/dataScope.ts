/** A role's data scopes (docs/data-rules.md): which units its members may see, per module. */
import { call, defineApis } from './client';
import type { components } from './schema';
import type { BodyOf } from './routes';

type Schemas = components['schemas'];
export type DataScope = Schemas['DataScope'];
export type DataModule = Schemas['DataModule'];
export type ScopeKind = DataScope['scope'];

export const SCOPE_KINDS: readonly ScopeKind[] = ['all', 'unit_and_below', 'unit', 'custom'];

const apis = defineApis({
  dataModules: { method: 'GET', path: '/api/org/dataModules' },
  roleDataScope: { method: 'GET', path: '/api/sys/role/dataScope' },
  roleDataScopeSave: { method: 'PUT', path: '/api/sys/role/dataScope' },
});

export const dataModules = () => call(apis.dataModules);
export const roleDataScopes = (roleId: number) => call(apis.roleDataScope, { roleId });
/** The document declares the scopes with the answer's shape (units too, which the server ignores on input): sent as given. */
type ScopesBody = BodyOf<typeof apis.roleDataScopeSave>['scopes'];
export const saveRoleDataScopes = (roleId: number, scopes: Pick<DataScope, 'moduleName' | 'scope' | 'unitCodes'>[]) =>
  call(apis.roleDataScopeSave, { roleId, scopes: scopes as ScopesBody });
