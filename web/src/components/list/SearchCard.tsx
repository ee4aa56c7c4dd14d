import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Button, Col, Form, Row, Select, Space } from 'antd';
// antd's Input alone, not with TextArea, Search and OTP attached (every list page has this card)
import Input from 'antd/es/input/Input';
import Panel from './Panel';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useI18n, type MessageKey } from '../../i18n';
import type { FieldParams } from './query';

/**
 * A search field described as data. Custom fields render their own control bound to the first name. The label is
 * an i18n key, or a text already in the user's language (fields described by the server).
 */
export type SearchField = FieldParams & ({ labelKey: MessageKey; label?: undefined } | { label: string; labelKey?: undefined }) &
  (
    | { kind: 'text' }
    | { kind: 'select'; options: ({ value: string; labelKey: MessageKey; label?: undefined } | { value: string; label: string; labelKey?: undefined })[] }
    | { kind: 'dateRange' }
    | { kind: 'custom'; render: (props: { value?: string; label?: string; onChange: (v?: string, label?: string) => void }) => ReactNode }
  );

const DateRangeInput = lazy(() => import('./DateRangeInput'));

/** The date range control, loaded with the first list that has one (the form passes value and onChange through). */
function DateRange(props: ComponentProps<typeof DateRangeInput>) {
  return (
    <Suspense fallback={<Input disabled style={props.style} />}>
      <DateRangeInput {...props} />
    </Suspense>
  );
}

/** Fields shown while the card is collapsed. */
const COLLAPSED = 3;

interface Props {
  fields: SearchField[];
  values: Record<string, string>;
  onSearch(filters: Record<string, string>): void;
  onReset(): void;
}

type FormValues = Record<string, string | [Dayjs | null, Dayjs | null] | undefined>;

function toForm(fields: SearchField[], values: Record<string, string>): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const [a, b] = f.names;
    if (f.kind === 'dateRange') {
      out[a] = values[a] || values[b] ? [values[a] ? dayjs(values[a]) : null, values[b] ? dayjs(values[b]) : null] : undefined;
    } else {
      out[a] = values[a];
    }
  }
  return out;
}

/** The search card of spec section 2: titled 'filter query', query and reset buttons, a collapse toggle. */
export default function SearchCard({ fields, values, onSearch, onReset }: Props) {
  const { t } = useI18n();
  const [form] = Form.useForm<FormValues>();
  const [open, setOpen] = useState(false);
  const [labels, setLabels] = useState<Record<string, string | undefined>>({});

  useEffect(() => {
    form.setFieldsValue(toForm(fields, values));
  }, [form, fields, values]);

  const submit = () => {
    const v = form.getFieldsValue(true) as FormValues;
    const out: Record<string, string> = {};
    for (const f of fields) {
      const [a, b] = f.names;
      const raw = v[a];
      if (f.kind === 'dateRange') {
        const [from, to] = (raw as [Dayjs | null, Dayjs | null] | undefined) ?? [];
        if (from) out[a] = from.format('YYYY-MM-DD');
        if (to) out[b] = to.format('YYYY-MM-DD');
      } else if (typeof raw === 'string' && raw.trim()) {
        out[a] = raw.trim();
        const label = f.uiOnly?.[0];
        if (label && (labels[a] ?? values[label])) out[label] = (labels[a] ?? values[label]) as string;
      }
    }
    onSearch(out);
  };

  const visible = open ? fields : fields.slice(0, COLLAPSED);
  return (
    <Panel title={t('list.filterQuery')} small testId="search-card">
      <Form form={form} onFinish={submit} layout="horizontal" labelCol={{ flex: '0 0 auto', style: { minWidth: 96 } }}>
        <Row gutter={16}>
          {visible.map((f) => (
            <Col key={f.names[0]} xs={24} sm={12} lg={8} xxl={6}>
              <Form.Item name={f.names[0]} label={f.label ?? t(f.labelKey)} style={{ marginBottom: 12 }}>
                {f.kind === 'text' && <Input allowClear data-testid={`search-${f.names[0]}`} />}
                {f.kind === 'select' && (
                  <Select
                    allowClear
                    placeholder={t('list.all')}
                    showSearch={f.options.length > 10 ? { optionFilterProp: 'label' } : undefined}
                    data-testid={`search-${f.names[0]}`}
                    options={f.options.map((o) => ({ value: o.value, label: o.label ?? t(o.labelKey) }))}
                  />
                )}
                {f.kind === 'dateRange' && (
                  <DateRange
                    style={{ width: '100%' }}
                    allowEmpty={[true, true]}
                    placeholder={[t('list.startTime'), t('list.endTime')]}
                  />
                )}
                {f.kind === 'custom' && (
                  <CustomField
                    field={f}
                    label={labels[f.names[0]] ?? (f.uiOnly ? values[f.uiOnly[0]] : undefined)}
                    onLabel={(l) => setLabels((m) => ({ ...m, [f.names[0]]: l }))}
                  />
                )}
              </Form.Item>
            </Col>
          ))}
          <Col flex="auto" style={{ textAlign: 'right', marginBottom: 12 }}>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
                {t('list.query')}
              </Button>
              <Button
                icon={<ReloadOutlined />}
                data-testid="search-reset"
                onClick={() => {
                  form.resetFields();
                  setLabels({});
                  onReset();
                }}
              >
                {t('list.reset')}
              </Button>
              {fields.length > COLLAPSED && (
                <Button type="link" onClick={() => setOpen(!open)} data-testid="search-toggle">
                  {open ? t('list.collapse') : t('list.expand')} {open ? <UpOutlined /> : <DownOutlined />}
                </Button>
              )}
            </Space>
          </Col>
        </Row>
      </Form>
    </Panel>
  );
}

/** Adapts a custom control (value + label) to a Form.Item. */
function CustomField({
  field,
  value,
  onChange,
  label,
  onLabel,
}: {
  field: Extract<SearchField, { kind: 'custom' }>;
  value?: string;
  onChange?: (v?: string) => void;
  label?: string;
  onLabel(l?: string): void;
}) {
  return field.render({
    value,
    label,
    onChange: (v, l) => {
      onChange?.(v);
      onLabel(l);
    },
  });
}
