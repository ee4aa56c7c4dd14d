import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Switch, type ButtonProps } from 'antd';
import { addDict, editDict, type DictRow } from '../../api/dict';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { useI18n } from '../../i18n';

/** Server limits (internal/dict): key and value at most 100 characters. */
export const DICT_TEXT_MAX = 100;

interface Values {
  key: string;
  value: string;
  sort: number;
  isDefault: boolean;
  enabled: boolean;
}

interface Props {
  /** what is being added or edited; null closes the dialog */
  target: { parentId: number; row?: DictRow } | null;
  onClose(): void;
  onSaved(): void;
}

/** Add or edit a dictionary (parentId 0) or one of its items. */
export default function DictFormDialog({ target, onClose, onSaved }: Props) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const isGroup = target?.parentId === 0;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    const r = target.row;
    form.setFieldsValue(
      r
        ? { key: r.key, value: r.value, sort: r.sort, isDefault: r.isDefault === 1, enabled: r.enabled === 1 }
        : { key: '', value: '', sort: 0, isDefault: false, enabled: true },
    );
  }, [target, form]);

  const { submit, saving } = useFormSubmit<Values>(
    form,
    async (v) => {
      if (!target) return;
      const body = {
        parentId: target.parentId,
        key: v.key.trim(),
        value: v.value.trim(),
        sort: v.sort ?? 0,
        isDefault: (v.isDefault ? 1 : 0) as 0 | 1,
        enabled: (v.enabled ? 1 : 0) as 0 | 1,
      };
      if (target.row) await editDict({ ...body, id: target.row.id });
      else await addDict(body);
    },
    onSaved,
  );

  const title = isGroup ? (target?.row ? 'dict.editGroup' : 'dict.addGroup') : target?.row ? 'dict.editItem' : 'dict.addItem';
  const max = (n: number) => ({ max: n, message: t('dict.tooLong', { n }) });
  return (
    <Modal
      open={!!target}
      title={t(title)}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'dict-form-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="key"
          label={t(isGroup ? 'dict.groupKey' : 'dict.itemKey')}
          rules={[{ required: true, whitespace: true, message: t('dict.keyRequired') }, max(DICT_TEXT_MAX)]}
        >
          <Input data-testid="dict-form-key" maxLength={DICT_TEXT_MAX} />
        </Form.Item>
        <Form.Item
          name="value"
          label={t(isGroup ? 'dict.groupCode' : 'dict.itemValue')}
          extra={isGroup ? t('dict.codeHint') : undefined}
          rules={[{ required: true, whitespace: true, message: t('dict.valueRequired') }, max(DICT_TEXT_MAX)]}
        >
          <Input data-testid="dict-form-value" maxLength={DICT_TEXT_MAX} />
        </Form.Item>
        <Form.Item name="sort" label={t('dict.sort')} rules={[{ type: 'number', min: 0, message: t('dict.sortNegative') }]}>
          <InputNumber precision={0} min={0} style={{ width: '100%' }} data-testid="dict-form-sort" />
        </Form.Item>
        {!isGroup && (
          <Form.Item name="isDefault" label={t('dict.isDefault')} valuePropName="checked" extra={t('dict.defaultHint')}>
            <Switch data-testid="dict-form-default" />
          </Form.Item>
        )}
        <Form.Item name="enabled" label={t('dict.enabled')} valuePropName="checked">
          <Switch data-testid="dict-form-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
