import { useMemo, type ReactNode } from 'react';
import { Col, DatePicker, Form, Input, InputNumber, Row, Switch, TimePicker, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import DictSelect from '../DictSelect';
import OrgTreeSelect from '../OrgTreeSelect';
import { useI18n } from '../../i18n';
import { dictItems, type DictItem } from '../../lib/dict';
import { useDictData } from '../../lib/dictSelect';
import {
  beforeToday,
  dateFormat,
  fieldRules,
  fromPicker,
  joinCodes,
  ORG_SEPARATOR,
  splitCodes,
  switchChecked,
  switchValue,
  toPicker,
  USER_SEPARATOR,
  type CascaderOption,
  type FieldDescriptor,
  type WidgetProps,
} from './fields';
import SearchCascader from './SearchCascader';
import UploadField from './UploadField';
import UserChoice from './UserChoice';

interface Props<V> {
  form: FormInstance<V>;
  fields: FieldDescriptor[];
  initialValues?: Partial<V>;
  /** fields per row on wide screens (1 or 2) */
  columns?: 1 | 2;
  /** label column width; labels go above the fields when omitted */
  labelWidth?: number;
  testId?: string;
  /** rendered after the fields (for example a submit button of a page form) */
  children?: ReactNode;
}

/** A form built from field descriptors: each type's control, value shape and spec section 5 rules. */
export default function DescribedForm<V>({ form, fields, initialValues, columns = 1, labelWidth, testId, children }: Props<V>) {
  const { lang } = useI18n();
  // rules carry translated messages: rebuild them when the language changes
  const rules = useMemo(() => new Map(fields.map((f) => [f.name, fieldRules(f)])), [fields, lang]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Form
      form={form}
      layout={labelWidth ? 'horizontal' : 'vertical'}
      labelCol={labelWidth ? { flex: `${labelWidth}px` } : undefined}
      labelWrap
      initialValues={initialValues}
      data-testid={testId}
      requiredMark
    >
      <Row gutter={24}>
        {/* a hidden field keeps its value but shows nothing (the attribute alone loses to a column's display rule) */}
        {fields.map((f) => (
          <Col key={f.name} span={24} md={columns === 2 && f.type !== 'textarea' ? 12 : 24} style={f.hidden ? { display: 'none' } : undefined}>
            <Form.Item
              hidden={f.hidden}
              name={f.name}
              label={f.label}
              extra={f.extra}
              rules={rules.get(f.name)}
              validateFirst
              {...(f.widget ? {} : valueShape(f))}
            >
              <Control field={f} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      {children}
    </Form>
  );
}

/** How a Form.Item hands a type's value to its own control and back (a custom widget gets the value as stored). */
function valueShape(f: FieldDescriptor) {
  switch (f.type) {
    case 'switch':
      return {
        valuePropName: 'checked',
        getValueProps: (v: unknown) => ({ checked: switchChecked(v) }),
        normalize: (checked: boolean) => switchValue(checked),
      };
    case 'date':
    case 'time':
    case 'datetime': {
      const type = f.type;
      return { getValueProps: (v: unknown) => ({ value: toPicker(type, v) }), normalize: (d: Parameters<typeof fromPicker>[1]) => fromPicker(type, d) };
    }
    case 'org':
    case 'user': {
      const sep = f.type === 'org' ? ORG_SEPARATOR : USER_SEPARATOR;
      return {
        getValueProps: (v: unknown) => ({ value: splitCodes(v, sep) }),
        normalize: (codes: string[] | undefined) => joinCodes(codes ?? [], sep),
      };
    }
    default:
      return {};
  }
}

/** The control of one field: the descriptor's own widget, or the type's. Value and onChange come from Form.Item. */
function Control({ field: f, ...item }: WidgetProps<never> & Record<string, unknown>) {
  const props = item as { value?: never; onChange?: (v: unknown) => void };
  const common = { disabled: f.disabled, placeholder: f.placeholder, 'data-testid': f.testId };
  if (f.widget) {
    const Widget = f.widget;
    return <Widget field={f} {...props} />;
  }
  switch (f.type) {
    case 'text':
      return <Input {...common} {...props} allowClear />;
    case 'textarea':
      return <Input.TextArea {...common} {...props} rows={f.rows ?? 3} showCount={f.maxLength != null} />;
    case 'number':
      return <InputNumber {...common} {...props} style={{ width: '100%' }} />;
    case 'select': {
      const select = { dictKey: f.dictKey, useDefault: f.useDefault, disabled: f.disabled, placeholder: f.placeholder, testId: f.testId, style: { width: '100%' } };
      return f.multiple ? <DictSelect multiple {...select} {...props} /> : <DictSelect {...select} {...props} />;
    }
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          {...common}
          {...props}
          showTime={f.type === 'datetime'}
          format={dateFormat(f.type)}
          disabledDate={f.notPast ? (d: Dayjs) => beforeToday(d) : undefined}
          style={{ width: '100%' }}
        />
      );
    case 'time':
      return <TimePicker {...common} {...props} format={dateFormat('time')} style={{ width: '100%' }} />;
    case 'switch':
      return <Switch data-testid={f.testId} disabled={f.disabled} {...props} />;
    case 'upload':
      return <UploadField accept={f.accept} maxSizeMB={f.maxSizeMB} maxCount={f.maxCount} uploader={f.uploader} disabled={f.disabled} testId={f.testId} {...props} />;
    case 'cascader':
      return <CascaderControl field={f} {...props} />;
    case 'org':
      return <OrgControl field={f} {...(props as { value?: string[]; onChange?: (codes: string[]) => void })} />;
    case 'user':
      return <UserChoice multiple={f.multiple} disabled={f.disabled} placeholder={f.placeholder} testId={f.testId} {...props} />;
  }
}

/** The organisation tree select, one unit or several; the form item always deals in a list of codes. */
function OrgControl({ field: f, value = [], onChange }: { field: FieldDescriptor; value?: string[]; onChange?: (codes: string[]) => void }) {
  const common = { testId: f.testId, disabled: f.disabled, placeholder: f.placeholder };
  return f.type === 'org' && f.multiple ? (
    <OrgTreeSelect multiple {...common} value={value} onChange={onChange} />
  ) : (
    <OrgTreeSelect {...common} value={value[0]} onChange={(code) => onChange?.(code ? [code] : [])} />
  );
}

const toCascader = (items: DictItem[]): CascaderOption[] =>
  items.map((i) => ({ value: i.value, label: i.key, children: i.childDict.length ? toCascader(i.childDict) : undefined }));

/** A cascader of given options, or of a dictionary whose items nest. */
function CascaderControl({ field: f, ...props }: { field: Extract<FieldDescriptor, { type: 'cascader' }> } & Record<string, unknown>) {
  const data = useDictData();
  const options = useMemo(() => f.options ?? (f.dictKey ? toCascader(dictItems(f.dictKey, data)) : []), [f.options, f.dictKey, data]);
  return <SearchCascader options={options} placeholder={f.placeholder} disabled={f.disabled} testId={f.testId} {...props} />;
}
