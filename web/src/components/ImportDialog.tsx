import type { ReactElement } from 'react';
import { lazyDialog } from '../lib/lazyDialog';
import type { ImportDialogProps, ImportReportBase } from './ImportDialogBody';

export type { ImportProblem, ImportReportBase } from './ImportDialogBody';

/** The most an imported workbook may weigh (the server's sheet.MaxUpload). */
export const IMPORT_MAX_MB = 10;

/**
 * An Excel import (the organisation, the library's tabular types): download the template, choose the filled-in
 * workbook, check it (a dry run lists every bad row with its reason), then import it, all or nothing.
 *
 * Its code (antd's Modal, Upload, Alert, the problems' table, the background job's progress) is fetched when the
 * dialog first opens, not with the list page that offers the import (issue 28).
 */
const ImportDialog = lazyDialog(() => import('./ImportDialogBody')) as <R extends ImportReportBase>(props: ImportDialogProps<R>) => ReactElement | null;
export default ImportDialog;
