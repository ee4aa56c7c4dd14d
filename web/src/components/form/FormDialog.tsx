import type { ReactElement } from 'react';
import { lazyDialog } from '../../lib/lazyDialog';
import type { FormDialogProps } from './FormDialogBody';

/**
 * A dialog around a described form: the fields' rules, 'Please complete the form as prompted before submitting'
 * when they fail, then save, 'Operation successful' and close (useFormSubmit).
 *
 * Its code (antd's Form and Modal, the described form with its date, upload, number and tree fields: some 120 kB
 * gzipped) is fetched when the dialog first opens, not with the list page that holds it (issue 28: a full load of
 * /dict_manager downloaded and compiled all of it before its rows showed).
 */
const FormDialog = lazyDialog(() => import('./FormDialogBody')) as <V>(props: FormDialogProps<V>) => ReactElement | null;
export default FormDialog;
