/** Calls of /dtable (dynamic tables: definitions and each table's data) and /dataset_manager (datasets). */
import { answerValue, call, callValue, callList, defineApis, request, type CallOptions, type ListParams } from './client';
import type { components } from './schema';
import type { AnswerOf, BodyOf, GetPath } from './routes';

type Schemas = components['schemas'];
export type DTableField = Schemas['DtableField'];
export type DTableDef = Schemas['DtableTable'];
export type DTableSchema = Schemas['DtableSchema'];
export type DTableRow = Schemas['DtableRow'];
export type DTableSummary = Schemas['DtableSummary'];
export type Dataset = Schemas['Dataset'];
export type DatasetParam = Schemas['DatasetParam'];
export type DatasetResult = Schemas['DatasetResult'];
export type DatasetCatalog = Schemas['DatasetCatalog'];
export type DatasetCatalogTable = Schemas['DatasetCatalogTable'];

const apis = defineApis({
  dtableList: { method: 'GET', path: '/api/dtable/list' },
  dtableOne: { method: 'GET', path: '/api/dtable/one' },
  dtableAdd: { method: 'POST', path: '/api/dtable/add' },
  dtableEdit: { method: 'PUT', path: '/api/dtable/edit' },
  dtableDel: { method: 'DELETE', path: '/api/dtable/del' },
  dtablePurgeField: { method: 'POST', path: '/api/dtable/purgeField' },
  dtableMine: { method: 'GET', path: '/api/dtable/mine' },
  dtableSchema: { method: 'GET', path: '/api/dtable/data/schema' },
  dtableRows: { method: 'GET', path: '/api/dtable/data/list' },
  dtableRowAdd: { method: 'POST', path: '/api/dtable/data/add' },
  dtableRowEdit: { method: 'PUT', path: '/api/dtable/data/edit' },
  dtableRowDel: { method: 'DELETE', path: '/api/dtable/data/del' },
  dtableImport: { method: 'POST', path: '/api/dtable/data/import', long: true },
  dtableImportAsync: { method: 'POST', path: '/api/dtable/data/import/async', long: true },
  datasetList: { method: 'GET', path: '/api/dataset/list' },
  datasetOne: { method: 'GET', path: '/api/dataset/one' },
  datasetAdd: { method: 'POST', path: '/api/dataset/add' },
  datasetEdit: { method: 'PUT', path: '/api/dataset/edit' },
  datasetDel: { method: 'DELETE', path: '/api/dataset/del' },
  datasetTest: { method: 'POST', path: '/api/dataset/test' },
  datasetRun: { method: 'POST', path: '/api/dataset/run' },
  datasetCatalog: { method: 'GET', path: '/api/dataset/catalog' },
});

export const DTABLE_EXPORT = '/api/dtable/data/export' satisfies GetPath;
export const DTABLE_TEMPLATE = '/api/dtable/data/template' satisfies GetPath;
export type DTableImportReport = Schemas['DtableImportReport'];

/** Checks (dryRun) or imports an .xlsx of rows into a table. */
export function importDTableRows(tableId: number, file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  // the document describes the parameters as a body; the server reads them from the query beside the multipart file
  const def = { ...apis.dtableImport, query: { tableId: String(tableId), ...(dryRun ? { dryRun: 'true' } : {}) } };
  return request<AnswerOf<typeof apis.dtableImport>>(def, form);
}

/** The import in the background: answers its job (its result is the report importDTableRows answers). */
export function importDTableRowsAsync(tableId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  const def = { ...apis.dtableImportAsync, query: { tableId: String(tableId) } };
  return request<AnswerOf<typeof apis.dtableImportAsync>>(def, form).then((j) => answerValue(j));
}

type Params = ListParams;

/**
 * A table's definition as add and edit send it. The document declares the fields with the answer's field shape (every
 * property required), which the server does not ask of an input: a new field is sent with what the form has.
 */
export interface DTableForm {
  id?: number;
  name: string;
  remark?: string;
  readRoles: number[];
  writeRoles: number[];
  fields: Partial<DTableField>[];
}

type DTableBody = BodyOf<typeof apis.dtableAdd>;

export const listDTables = (p: Params) => callList(apis.dtableList, p);
export const getDTable = (id: number) => call(apis.dtableOne, { id });
export const addDTable = (f: DTableForm) => call(apis.dtableAdd, { ...f } as DTableBody);
export const editDTable = (f: DTableForm & { id: number }) => call(apis.dtableEdit, { ...f } as DTableBody);
export const deleteDTable = (id: number) => call(apis.dtableDel, { id });
export const purgeDTableField = (id: number, fieldId: number) => call(apis.dtablePurgeField, { id, fieldId });
export const myDTables = (opts?: CallOptions) => call(apis.dtableMine, undefined, opts);
export const dtableSchema = (tableId: number, opts?: CallOptions) => call(apis.dtableSchema, { tableId }, opts);
export const listDTableRows = (tableId: number, p: Params, opts?: CallOptions) => callList(apis.dtableRows, { ...p, tableId: String(tableId) }, opts);
export const addDTableRow = (tableId: number, values: Record<string, unknown>) => call(apis.dtableRowAdd, { tableId, values });
export const editDTableRow = (tableId: number, id: number, values: Record<string, unknown>) => call(apis.dtableRowEdit, { tableId, id, values });
export const deleteDTableRows = (tableId: number, ids: number[]) => call(apis.dtableRowDel, { tableId, ids });

/** A dataset as add and edit send it. */
export interface DatasetForm {
  id?: number;
  name: string;
  remark?: string;
  sql: string;
  params: DatasetParam[];
}

export const listDatasets = (p: Params) => callList(apis.datasetList, p);
export const addDataset = (f: DatasetForm) => call(apis.datasetAdd, { ...f });
export const editDataset = (f: DatasetForm & { id: number }) => call(apis.datasetEdit, { ...f });
export const deleteDataset = (id: number) => call(apis.datasetDel, { id });
export const testDataset = (sql: string, values: Record<string, string>, opts?: CallOptions) => callValue(apis.datasetTest, { sql, values }, opts);
export const datasetCatalog = () => callValue(apis.datasetCatalog);
export const runDataset = (id: number, values: Record<string, string>) => callValue(apis.datasetRun, { id, values });

export type DReport = Schemas['DreportReport'];
export type DReportLayout = Schemas['DreportLayout'];
export type DReportColumn = Schemas['DreportColumn'];
export type DReportChart = Schemas['DreportChart'];
export type DReportFilter = Schemas['DreportFilter'];
export type DReportFilterWidget = Schemas['DreportFilterWidget'];
export type DReportRun = Schemas['DreportRun'];
export type DReportShape = Schemas['DreportShape'];
export type DReportSummary = Schemas['DreportSummary'];
export type DReportDataset = Schemas['DreportDatasetChoice'];

const apis2 = defineApis({
  dreportList: { method: 'GET', path: '/api/dreport/list' },
  dreportOne: { method: 'GET', path: '/api/dreport/one' },
  dreportAdd: { method: 'POST', path: '/api/dreport/add' },
  dreportEdit: { method: 'PUT', path: '/api/dreport/edit' },
  dreportDel: { method: 'DELETE', path: '/api/dreport/del' },
  dreportMine: { method: 'GET', path: '/api/dreport/mine' },
  dreportRun: { method: 'POST', path: '/api/dreport/run' },
  dreportDatasets: { method: 'GET', path: '/api/dreport/datasets' },
  dreportShape: { method: 'GET', path: '/api/dreport/datasetShape' },
});

export const DREPORT_EXPORT = '/api/dreport/export' satisfies GetPath;

/** A report as add and edit send it. */
export interface DReportForm {
  id?: number;
  name: string;
  remark?: string;
  datasetId: number;
  layout: DReportLayout;
  roles: number[];
  inMenu: boolean;
}

export const listDReports = (p: Params) => callList(apis2.dreportList, p);
export const getDReport = (id: number) => call(apis2.dreportOne, { id });
export const addDReport = (f: DReportForm) => call(apis2.dreportAdd, { ...f });
export const editDReport = (f: DReportForm & { id: number }) => call(apis2.dreportEdit, { ...f });
export const deleteDReport = (id: number) => call(apis2.dreportDel, { id });
export const myDReports = () => call(apis2.dreportMine);
export const reportDatasets = () => call(apis2.dreportDatasets);
export const datasetShape = (datasetId: number) => call(apis2.dreportShape, { datasetId });
export const runDReport = (id: number, values: Record<string, string>, p: Params) =>
  callValue(apis2.dreportRun, { id, values, ...Object.fromEntries(Object.entries(p).map(([k, v]) => [k, k === 'current' || k === 'limit' ? Number(v) : v])) });
