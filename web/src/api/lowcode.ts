/** Calls of /dtable (dynamic tables: definitions and each table's data) and /dataset_manager (datasets). */
import { callApi, defineApis, request, type CallOptions } from './client';
import type { components } from './schema';
import type { Page } from '../components/list/query';

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

defineApis({
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
  datasetList: { method: 'GET', path: '/api/dataset/list' },
  datasetOne: { method: 'GET', path: '/api/dataset/one' },
  datasetAdd: { method: 'POST', path: '/api/dataset/add' },
  datasetEdit: { method: 'PUT', path: '/api/dataset/edit' },
  datasetDel: { method: 'DELETE', path: '/api/dataset/del' },
  datasetTest: { method: 'POST', path: '/api/dataset/test' },
  datasetRun: { method: 'POST', path: '/api/dataset/run' },
  datasetCatalog: { method: 'GET', path: '/api/dataset/catalog' },
});

export const DTABLE_EXPORT = '/api/dtable/data/export';
export const DTABLE_TEMPLATE = '/api/dtable/data/template';
export type DTableImportReport = Schemas['DtableImportReport'];

/** Checks (dryRun) or imports an .xlsx of rows into a table. */
export function importDTableRows(tableId: number, file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  const q = new URLSearchParams({ tableId: String(tableId), ...(dryRun ? { dryRun: 'true' } : {}) });
  return request<DTableImportReport>({ method: 'POST', path: `/api/dtable/data/import?${q}`, long: true }, form);
}

type Params = Record<string, string>;

/** A table's definition as add and edit send it. */
export interface DTableForm {
  id?: number;
  name: string;
  remark?: string;
  readRoles: number[];
  writeRoles: number[];
  fields: Partial<DTableField>[];
}

export const listDTables = (p: Params) => callApi<Page<DTableSummary>>('dtableList', p);
export const getDTable = (id: number) => callApi<DTableDef>('dtableOne', { id: String(id) });
export const addDTable = (f: DTableForm) => callApi<{ id: number }>('dtableAdd', { ...f });
export const editDTable = (f: DTableForm & { id: number }) => callApi<null>('dtableEdit', { ...f });
export const deleteDTable = (id: number) => callApi<null>('dtableDel', { id });
export const purgeDTableField = (id: number, fieldId: number) => callApi<null>('dtablePurgeField', { id, fieldId });
export const myDTables = () => callApi<DTableSummary[]>('dtableMine');
export const dtableSchema = (tableId: number) => callApi<DTableSchema>('dtableSchema', { tableId: String(tableId) });
export const listDTableRows = (tableId: number, p: Params) => callApi<Page<DTableRow>>('dtableRows', { ...p, tableId: String(tableId) });
export const addDTableRow = (tableId: number, values: Record<string, unknown>) => callApi<{ id: number }>('dtableRowAdd', { tableId, values });
export const editDTableRow = (tableId: number, id: number, values: Record<string, unknown>) => callApi<null>('dtableRowEdit', { tableId, id, values });
export const deleteDTableRows = (tableId: number, ids: number[]) => callApi<null>('dtableRowDel', { tableId, ids });

/** A dataset as add and edit send it. */
export interface DatasetForm {
  id?: number;
  name: string;
  remark?: string;
  sql: string;
  params: DatasetParam[];
}

export const listDatasets = (p: Params) => callApi<Page<Dataset>>('datasetList', p);
export const addDataset = (f: DatasetForm) => callApi<{ id: number }>('datasetAdd', { ...f });
export const editDataset = (f: DatasetForm & { id: number }) => callApi<null>('datasetEdit', { ...f });
export const deleteDataset = (id: number) => callApi<null>('datasetDel', { id });
export const testDataset = (sql: string, values: Record<string, string>, opts?: CallOptions) => callApi<DatasetResult>('datasetTest', { sql, values }, opts);
export const datasetCatalog = () => callApi<DatasetCatalog>('datasetCatalog');
export const runDataset = (id: number, values: Record<string, string>) => callApi<DatasetResult>('datasetRun', { id, values });

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

defineApis({
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

export const DREPORT_EXPORT = '/api/dreport/export';

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

export const listDReports = (p: Params) => callApi<Page<DReportSummary>>('dreportList', p);
export const getDReport = (id: number) => callApi<DReport>('dreportOne', { id: String(id) });
export const addDReport = (f: DReportForm) => callApi<{ id: number }>('dreportAdd', { ...f });
export const editDReport = (f: DReportForm & { id: number }) => callApi<null>('dreportEdit', { ...f });
export const deleteDReport = (id: number) => callApi<null>('dreportDel', { id });
export const myDReports = () => callApi<DReportSummary[]>('dreportMine');
export const reportDatasets = () => callApi<DReportDataset[]>('dreportDatasets');
export const datasetShape = (datasetId: number) => callApi<DReportShape>('dreportShape', { datasetId: String(datasetId) });
export const runDReport = (id: number, values: Record<string, string>, p: Params) =>
  callApi<DReportRun>('dreportRun', { id, values, ...Object.fromEntries(Object.entries(p).map(([k, v]) => [k, k === 'current' || k === 'limit' ? Number(v) : v])) });
