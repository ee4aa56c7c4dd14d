import { useEffect, type ReactNode } from 'react';
import { Form, Modal, type ButtonProps, type FormInstance } from 'antd';
import { useI18n } from '../../i18n';
import { useFormSubmit } from '../list/useFormSubmit';

interface Props<V> {
  form: FormInstance<V>;
  /** what the dialog edits (CrudList's Editing): open while set; a new target starts the form again */
  target: object | null | undefined;
  title: string;
  /** the values the form starts from each time the dialog opens (read when it opens) */
  values(): Partial<V>;
  /** saves; a rejection keeps the dialog open (the HTTP client has shown the message) */
  save(values: V): Promise<unknown>;
  onClose(): void;
  /** after a successful save ('Operation successful' has been shown) */
  onSaved(): void;
  width?: number;
  /** data-testid of the OK button */
  okTestId?: string;
  testId?: string;
  /** the form's items, laid out by hand (fields a described form does not draw) */
  children: ReactNode;
}

/**
 * A dialog around a hand-laid form: it starts from values() at every opening, and OK submits through
 * useFormSubmit ('Please complete the form as prompted before submitting', saving state, 'Operation successful').
 * Forms made of field descriptors use FormDialog instead.
 */
export default function FormModal<V>({ form, target, title, values, save, onClose, onSaved, width, okTestId, testId, children }: Props<V>) {
  // values() describes an opening: read when the target changes, not at every render
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(values() as Parameters<FormInstance<V>['setFieldsValue']>[0]);
  }, [target, form]); // eslint-disable-line react-hooks/exhaustive-deps
  const { submit, saving } = useFormSubmit<V>(form, save, onSaved);
  return (
    <SubmitModal open={!!target} title={title} onClose={onClose} onOk={submit} saving={saving} width={width} okTestId={okTestId} testId={testId}>
      <Form form={form} layout="vertical" requiredMark>
        {children}
      </Form>
    </SubmitModal>
  );
}

interface SubmitModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  onOk(): Promise<void>;
  saving: boolean;
  width?: number;
  okTestId?: string;
  testId?: string;
  children: ReactNode;
}

/** The frame of every form dialog: confirm and cancel, the saving state on OK, its content gone when hidden. */
export function SubmitModal({ open, title, onClose, onOk, saving, width, okTestId, testId, children }: SubmitModalProps) {
  const { t } = useI18n();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void onOk()}
      confirmLoading={saving}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': okTestId } as ButtonProps}
      width={width}
      destroyOnHidden
      data-testid={testId}
    >
      {children}
    </Modal>
  );
}
