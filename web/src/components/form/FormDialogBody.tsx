import { useEffect } from 'react';
import { Form } from 'antd';
import { useFormSubmit } from '../list/useFormSubmit';
import DescribedForm from './DescribedForm';
import { SubmitModal } from './FormModal';
import type { FieldDescriptor } from './fields';

export interface FormDialogProps<V> {
  open: boolean;
  title: string;
  fields: FieldDescriptor[];
  /** the values the form starts with each time it opens */
  initialValues?: Partial<V>;
  /** saves; a rejection keeps the dialog open (the HTTP client has shown the message) */
  onSubmit(values: V): Promise<unknown>;
  onClose(): void;
  /** after a successful save ('Operation successful' has been shown) */
  onSaved(): void;
  width?: number;
  columns?: 1 | 2;
  labelWidth?: number;
  /** data-testid of the OK button */
  okTestId?: string;
  testId?: string;
}

/** The dialog of FormDialog.tsx, with antd's Form, the described form and every kind of field it draws. */
export default function FormDialogBody<V>({ open, title, fields, initialValues, onSubmit, onClose, onSaved, width, columns, labelWidth, okTestId, testId }: FormDialogProps<V>) {
  const [form] = Form.useForm<V>();
  // the form instance outlives the dialog's content: start each opening from the initial values
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, initialValues, form]);
  const { submit, saving } = useFormSubmit<V>(form, onSubmit, onSaved);
  // The effect above can run before the hidden dialog has mounted its form again, so that the form would merge the
  // previous opening's values over the new initial ones: reset once more when the form has mounted.
  return (
    <SubmitModal open={open} title={title} onClose={onClose} onOk={submit} saving={saving} width={width} okTestId={okTestId} testId={testId}>
      <DescribedForm form={form} fields={fields} initialValues={initialValues} columns={columns} labelWidth={labelWidth} />
      <ResetOnMount reset={form.resetFields} />
    </SubmitModal>
  );
}

/** Runs reset when it mounts (after the form rendered beside it has taken its initial values). */
function ResetOnMount({ reset }: { reset(): void }) {
  useEffect(() => reset(), [reset]);
  return null;
}
