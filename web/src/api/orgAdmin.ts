/** Calls of the organisation screen (/organization_manager): unit and employee lists, the Excel import. */
import { callValue, callList, defineApis } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';

type Schemas = components['schemas'];
export type OrgUnitRow = Schemas['OrgUnit'];
export type EmployeeRow = Schemas['Employee'];
export type OrgImportReport = Schemas['OrgImportReport'];
export type ImportProblem = Schemas['SheetProblem'];

const apis = defineApis({
  orgUnitList: { method: 'GET', path: '/api/org/unit/list' },
  orgEmployeeList: { method: 'GET', path: '/api/org/employee/list' },
  orgImportCheck: { method: 'POST', path: '/api/org/import', long: true, query: { dryRun: 'true' } },
  orgImport: { method: 'POST', path: '/api/org/import', long: true },
  orgImportAsync: { method: 'POST', path: '/api/org/import/async', long: true },
});

export const ORG_DOWNLOADS = {
  units: '/api/org/unit/export',
  employees: '/api/org/employee/export',
  template: '/api/org/import/template',
} as const satisfies Record<string, GetPath>;

export const listOrgUnits = (p: Record<string, string>) => callList(apis.orgUnitList, p);
export const listEmployees = (p: Record<string, string>) => callList(apis.orgEmployeeList, p);

/** Check (dryRun) or import the workbook; the answer lists every bad row. */
export function importOrg(file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  return callValue(dryRun ? apis.orgImportCheck : apis.orgImport, form);
}

/** Import the workbook in the background: answers the job at once (api/jobs.ts polls it). */
export function importOrgAsync(file: File) {
  const form = new FormData();
  form.append('file', file);
  return callValue(apis.orgImportAsync, form);
}
