import { useEffect } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, Switch, Typography, type ButtonProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { addParam, editParam, type ParamType, type SysParam } from '../../api/sysconfig';
import { toast } from '../../api/client';
import type { Editing } from '../../components/list/CrudList';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { t, useI18n, type MessageKey } from '../../i18n';
import { isLinkUrl } from '../../lib/linkUrl';

/** Server limits (internal/sysconfig). */
export const PARAM_LIMITS = { key: 64, name: 100, group: 50, description: 500, value: 10000 } as const;
export const PARAM_TYPES: ParamType[] = ['text', 'number', 'boolean', 'json'];
const KEY_RE = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const SUFFIXES_RE = /^\s*\.?[A-Za-z0-9]{1,10}\s*(,\s*(\.?[A-Za-z0-9]{1,10})?\s*)*$/;

type Value = string | number | boolean | null | undefined;

interface Values {
  key: string;
  name: string;
  type: ParamType;
  group: string;
  description: string;
  secret: boolean;
  value: Value;
}

/** The rules a value's input follows: the type, and for built-ins their format and range. */
type ValueRules = Pick<SysParam, 'type' | 'format' | 'min' | 'max' | 'integer'> & { secret: boolean; builtin: boolean };

/** The form's value of a stored text value. */
function toInput(type: ParamType, v: string): Value {
  if (type === 'boolean') return v === 'true';
  if (type === 'number') return v === '' || Number.isNaN(Number(v)) ? null : Number(v);
  return v;
}

/** What the server receives: always text (booleans true/false). */
export function fromInput(type: ParamType, v: Value): string {
  if (type === 'boolean') return v ? 'true' : 'false';
  if (v === null || v === undefined) return '';
  return String(v);
}

function valueRules(r: ValueRules, editing: boolean): Rule[] {
  const check = (test: (v: string) => boolean, key: MessageKey, vars?: Record<string, string | number>): Rule => ({
    validator: (_, v: Value) => (v === '' || v === null || v === undefined || test(String(v)) ? Promise.resolve() : Promise.reject(new Error(t(key, vars)))),
  });
  const out: Rule[] = [];
  // a secret left blank on edit keeps its value; a text may be empty unless it is a list of suffixes or a URL that must be set
  const mayBeEmpty = (r.type === 'text' && (r.format === '' || r.format === 'url')) || (r.secret && editing);
  // a number is required as a number (the validator reads a rule without a type as one of text, which a number fails)
  if (!mayBeEmpty && r.type !== 'boolean')
    out.push(r.type === 'number' ? { required: true, type: 'number', message: t('sysConfig.valueRequired') } : { required: true, whitespace: true, message: t('sysConfig.valueRequired') });
  if (r.type === 'json') {
    out.push(
      check((v) => {
        try {
          JSON.parse(v);
          return true;
        } catch {
          return false;
        }
      }, 'sysConfig.badJson'),
    );
  }
  if (r.type === 'text' || r.type === 'json') out.push({ max: PARAM_LIMITS.value, message: t('sysConfig.tooLong', { n: PARAM_LIMITS.value }) });
  if (r.format === 'url') out.push(check(isLinkUrl, 'sysConfig.badUrl'));
  if (r.format === 'suffixes') out.push(check((v) => SUFFIXES_RE.test(v), 'sysConfig.badSuffixes'));
  if (r.type === 'number' && r.min !== null && r.max !== null) {
    out.push({ type: 'number', min: r.min, max: r.max, message: t('sysConfig.range', { min: r.min, max: r.max }) });
  }
  return out;
}

/** The input that matches a parameter's type: text, number, switch, or a JSON text area. */
function ValueInput({ rules, ...props }: { rules: ValueRules; value?: Value; onChange?: (v: Value) => void; checked?: boolean }) {
  const { type, min, max, integer, secret } = rules;
  if (type === 'boolean') return <Switch checked={!!props.checked} onChange={(c) => props.onChange?.(c)} data-testid="param-form-value" />;
  if (type === 'number') {
    return (
      <InputNumber
        value={props.value as number | null | undefined}
        onChange={(v) => props.onChange?.(v)}
        min={min ?? undefined}
        max={max ?? undefined}
        precision={integer ? 0 : undefined}
        style={{ width: '100%' }}
        data-testid="param-form-value"
      />
    );
  }
  if (secret) return <Input.Password value={props.value as string} onChange={(e) => props.onChange?.(e.target.value)} autoComplete="new-password" data-testid="param-form-value" />;
  return (
    <Input.TextArea
      value={props.value as string}
      onChange={(e) => props.onChange?.(e.target.value)}
      autoSize={type === 'json' ? { minRows: 6, maxRows: 16 } : { minRows: 1, maxRows: 6 }}
      className={type === 'json' ? 'bd-code-input' : undefined}
      spellCheck={type !== 'json'}
      data-testid="param-form-value"
    />
  );
}

interface Props {
  /** the parameter edited, {} to add one; null closes the dialog */
  target: Editing<SysParam>;
  onClose(): void;
  onSaved(): void;
}

/** Add an administrator's own parameter, or edit a parameter's value (a built-in's name, type and group are fixed). */
export default function ParamFormDialog({ target, onClose, onSaved }: Props) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const row = target?.row;
  const builtin = row?.builtin === 1;
  const type = (Form.useWatch('type', form) ?? row?.type ?? 'text') as ParamType;
  const secret = Form.useWatch('secret', form) ?? row?.secret === 1;
  const rules: ValueRules = {
    type,
    format: builtin ? row.format : '',
    min: builtin ? row.min : null,
    max: builtin ? row.max : null,
    integer: builtin ? row.integer : false,
    secret: !!secret,
    builtin,
  };

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            key: row.key,
            name: row.name,
            type: row.type,
            group: row.group,
            description: row.description,
            secret: row.secret === 1,
            value: row.secret === 1 ? '' : toInput(row.type, row.value),
          }
        : { key: '', name: '', type: 'text', group: '', description: '', secret: false, value: '' },
    );
  }, [target, row, form]);

  const { submit, saving } = useFormSubmit<Values>(
    form,
    async (v) => {
      const value = fromInput(v.type, v.value);
      if (row && builtin) return editParam({ id: row.id, value });
      const body = { name: v.name.trim(), type: v.type, group: (v.group ?? '').trim(), description: (v.description ?? '').trim() };
      // a secret left blank keeps its value
      const withValue = row?.secret === 1 && value === '' ? {} : { value };
      if (row) return editParam({ id: row.id, ...body, ...withValue });
      return addParam({ ...body, ...withValue, key: v.key.trim(), secret: v.secret ? 1 : 0 });
    },
    onSaved,
  );

  const reset = async () => {
    if (!row) return;
    try {
      await editParam({ id: row.id, reset: true });
      toast('success', t('msg.operationSuccessful'));
      onSaved();
    } catch {
      /* shown by the client */
    }
  };

  const max = (n: number) => ({ max: n, message: t('sysConfig.tooLong', { n }) });
  const valueItemProps = type === 'boolean' ? { valuePropName: 'checked' } : {};
  return (
    <Modal
      open={!!target}
      title={t(row ? 'sysConfig.edit' : 'sysConfig.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'param-form-ok' } as ButtonProps}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {builtin && row.isSet && (
            <Button onClick={() => void reset()} style={{ float: 'left' }} data-testid="param-form-reset">
              {t('sysConfig.restoreDefault')}
            </Button>
          )}
          <CancelBtn />
          <OkBtn />
        </>
      )}
      width={620}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="key"
          label={t('sysConfig.key')}
          extra={row ? undefined : t('sysConfig.keyHint')}
          rules={
            row
              ? []
              : [
                  { required: true, whitespace: true, message: t('sysConfig.keyRequired') },
                  max(PARAM_LIMITS.key),
                  { pattern: KEY_RE, message: t('sysConfig.keyRule') },
                ]
          }
        >
          <Input disabled={!!row} maxLength={PARAM_LIMITS.key} data-testid="param-form-key" />
        </Form.Item>
        {builtin ? (
          <Typography.Paragraph>
            <Typography.Text strong>{row.name}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{row.description}</Typography.Text>
          </Typography.Paragraph>
        ) : (
          <>
            <Form.Item
              name="name"
              label={t('sysConfig.name')}
              rules={[{ required: true, whitespace: true, message: t('sysConfig.nameRequired') }, max(PARAM_LIMITS.name)]}
            >
              <Input maxLength={PARAM_LIMITS.name} data-testid="param-form-name" />
            </Form.Item>
            <Form.Item name="type" label={t('sysConfig.type')}>
              <Select
                options={PARAM_TYPES.map((v) => ({ value: v, label: t(`sysConfig.type.${v}`) }))}
                onChange={(v: ParamType) => form.setFieldValue('value', v === 'boolean' ? false : v === 'number' ? null : '')}
                data-testid="param-form-type"
              />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="value"
          label={t('sysConfig.value')}
          rules={valueRules(rules, !!row)}
          extra={
            secret && row ? t('sysConfig.secretKeep') : builtin && row.defaultValue !== undefined ? t('sysConfig.defaultIs', { value: row.defaultValue || t('sysConfig.emptyValue') }) : undefined
          }
          {...valueItemProps}
        >
          <ValueInput rules={rules} />
        </Form.Item>
        {!builtin && (
          <>
            <Form.Item name="group" label={t('sysConfig.group')} extra={t('sysConfig.groupHint')} rules={[max(PARAM_LIMITS.group)]}>
              <Input maxLength={PARAM_LIMITS.group} data-testid="param-form-group" />
            </Form.Item>
            <Form.Item name="description" label={t('sysConfig.description')} rules={[max(PARAM_LIMITS.description)]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={PARAM_LIMITS.description} data-testid="param-form-description" />
            </Form.Item>
            <Form.Item name="secret" label={t('sysConfig.secret')} valuePropName="checked" extra={t('sysConfig.secretHint')}>
              <Switch disabled={!!row} data-testid="param-form-secret" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
