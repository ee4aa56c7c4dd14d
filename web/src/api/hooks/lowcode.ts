/** Dynamic tables and reports (api/lowcode.ts): the tables the caller may use and their schemas. */
import { useQuery } from '@tanstack/react-query';
import { datasetCatalog, dtableSchema, myDReports, myDTables, reportDatasets, runDReport } from '../lowcode';
import { refetchUnlessPrefetched, resourceKeys } from './keys';

export const dtableKeys = resourceKeys('dtables');

/** The tables the caller may enter data in. */
// refetchOnMount (here and below): a full load of /dtable has just prefetched them (features/lowcode/dtableList.ts)
export const useMyDTables = () => useQuery({ queryKey: dtableKeys.of('mine'), queryFn: () => myDTables(), refetchOnMount: refetchUnlessPrefetched });
/** A table's schema (its fields as the data screen shows them). */
export const useDTableSchema = (tableId: number | undefined) =>
  useQuery({ queryKey: dtableKeys.of('schema', tableId), queryFn: () => dtableSchema(tableId!), enabled: !!tableId, refetchOnMount: refetchUnlessPrefetched });

export const dreportKeys = resourceKeys('dreports');
export const datasetKeys = resourceKeys('datasets');

/** The reports the caller may run. */
export const useMyDReports = () => useQuery({ queryKey: dreportKeys.of('mine'), queryFn: myDReports });
/** A report's first page with empty filters: its filters and layout come with it. */
export const useDReportFirstRun = (id: number) =>
  useQuery({ queryKey: dreportKeys.of('firstRun', id), queryFn: () => runDReport(id, {}, { current: '1', limit: '10' }) });
/** The tables a dataset's SQL may read (the catalogue beside the editor). */
export const useDatasetCatalog = () => useQuery({ queryKey: datasetKeys.of('catalog'), queryFn: datasetCatalog });
/** The datasets a report may be built on (asked when the designer opens). */
export const useReportDatasets = (enabled: boolean) => useQuery({ queryKey: datasetKeys.of('forReports'), queryFn: reportDatasets, enabled });
