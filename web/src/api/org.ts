/**
 * The organisation/employee picker's named calls (spec section 7): getOrganList, getOrganSearch, newGetOrganList,
 * getAccessOrgan and getEmployeeList. Organisation calls are silent: a failure only stops the loading indicator
 * (spec section 8, 'a non-zero code shows nothing').
 */
import { call, defineApis, type CallOptions } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];

/** An organisation unit as the picker receives it (spec section 3); special marks the three never-chosen roots. */
export type PickerUnit = Schemas['OrgUnit'];

/** An employee as the selector answers (spec section 3: shown as name(code)). */
export type PickerEmployee = Pick<Schemas['EmployeeRef'], 'code' | 'name'> & Partial<Schemas['EmployeeRef']>;

const apis = defineApis({
  getOrganList: { method: 'GET', path: '/motivate/project/config/selectOrgCode' },
  // the same lookup limited to the units the caller may see (data rules on)
  newGetOrganList: { method: 'GET', path: '/motivate/project/config/selectOrgCode' },
  getOrganSearch: { method: 'GET', path: '/api/organization/unitInfo/byUnitName' },
  getAccessOrgan: { method: 'GET', path: '/api/recruit/interview/user/authority' },
  getEmployeeList: { method: 'POST', path: '/api/employee/selector' },
  orgGetByNameOrCode: { method: 'GET', path: '/api/dataHumanResources/getByNameOrCode' },
});

/** Organisation tree requests use inStatus 1 (spec section 9). */
export const IN_STATUS = '1';
/** The default root query level (spec section 7). */
export const ROOT_LEVEL = '1';

/** What limits the units a picker shows; passed through to the server. */
export interface OrganScope {
  /** 'remove root': the root query answers the subordinate companies instead of the group root */
  delPartment?: boolean;
  /** only units the caller may see for moduleName */
  isDataRule?: boolean;
  moduleName?: string;
  /** unit type 1 company, 2 department; sent only when above 0 */
  type?: number;
}

type Query = Record<string, string | boolean | undefined>;

/** The scope's parameters as the server reads them (type only when above 0, inStatus always 1). */
export function scopeQuery(scope: OrganScope): Query {
  const q: Query = { inStatus: IN_STATUS };
  if (scope.delPartment) q.delPartment = true;
  if (scope.isDataRule) q.isDataRule = true;
  if (scope.moduleName) q.moduleName = scope.moduleName;
  if (scope.type && scope.type > 0) q.type = String(scope.type);
  return q;
}

const silent = { silent: true };

/** getOrganList: the root units (level '1' unless a parent is given) or the children of fullUnitCode. */
export const getOrganList = (scope: OrganScope, where: { fullUnitCode?: string; level?: string; unitName?: string } = {}) => {
  const { level = ROOT_LEVEL, ...rest } = where;
  return call(apis.getOrganList, { ...scopeQuery(scope), level: Number(level), ...rest }, silent);
};

/** Search by unit name: getOrganSearch, or newGetOrganList when limited to the caller's own organisations. */
export const searchOrgans = (scope: OrganScope, unitName: string, ownOnly = false) =>
  ownOnly
    ? call(apis.newGetOrganList, { ...scopeQuery(scope), isDataRule: true, unitName }, silent)
    : call(apis.getOrganSearch, { ...scopeQuery(scope), unitName }, silent);

/** getAccessOrgan: the top units the caller may access (for moduleName when given). */
export const getAccessOrgan = (moduleName?: string) =>
  call(apis.getAccessOrgan, moduleName ? { moduleName } : undefined, silent);

/** One of the three ways to look employees up (spec section 7). */
export type EmployeeQuery = { employeeCodes: string[] } | { phoneOrEmails: string[] } | { employeeNames: string };

/** getEmployeeList: active employees matching the codes, phones/e-mails or exact names. */
export const getEmployeeList = (q: EmployeeQuery, opts?: CallOptions) => call(apis.getEmployeeList, { ...q }, opts);

/** The unit with exactly this code, found by the name-or-code lookup (a form control naming a stored value). */
export const findUnit = (code: string) =>
  call(apis.orgGetByNameOrCode, { keyword: code }, silent).then((us) => us.find((u) => u.fullUnitCode === code));
