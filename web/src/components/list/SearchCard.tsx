import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Button, Col, Row, Select, Space } from 'antd';
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

type FormValues = Record<string, string | [Dayjs | null, Dayjs | null] | null | undefined>;

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

/**
 * The search card of spec section 2: titled 'filter query', query and reset buttons, a collapse toggle. A plain form
 * holding its values in state, its fields drawn as antd's horizontal Form items (index.css, .bd-search-item): antd's
 * Form, 23 kB gzipped, would only hold the values and draw the labels.
 */
export default function SearchCard({ fields, values, onSearch, onReset }: Props) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<FormValues>(() => toForm(fields, values));
  const [open, setOpen] = useState(false);
  const [labels, setLabels] = useState<Record<string, string | undefined>>({});

  // the filters in force (the address) fill the fields again
  useEffect(() => setDraft(toForm(fields, values)), [fields, values]);

  const bind = <V,>(name: string) => ({
    id: name,
    value: draft[name] as V | undefined,
    onChange: (v: V | undefined) => setDraft((d) => ({ ...d, [name]: v as FormValues[string] })),
  });

  const submit = () => {
    const v = draft;
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
      <form
        className="bd-search-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Row gutter={16}>
          {visible.map((f) => (
            <Col key={f.names[0]} xs={24} sm={12} lg={8} xxl={6}>
              <SearchItem name={f.names[0]} label={f.label ?? t(f.labelKey)}>
                {f.kind === 'text' && (
                  <Input
                    allowClear
                    data-testid={`search-${f.names[0]}`}
                    {...bind<string>(f.names[0])}
                    value={(draft[f.names[0]] as string | undefined) ?? ''}
                    onChange={(e) => bind<string>(f.names[0]).onChange(e.target.value)}
                  />
                )}
                {f.kind === 'select' && (
                  <Select
                    {...bind<string>(f.names[0])}
                    allowClear
                    placeholder={t('list.all')}
                    showSearch={f.options.length > 10 ? { optionFilterProp: 'label' } : undefined}
                    data-testid={`search-${f.names[0]}`}
                    options={f.options.map((o) => ({ value: o.value, label: o.label ?? t(o.labelKey) }))}
                  />
                )}
                {f.kind === 'dateRange' && (
                  <DateRange
                    {...bind<[Dayjs | null, Dayjs | null] | null>(f.names[0])}
                    style={{ width: '100%' }}
                    allowEmpty={[true, true]}
                    placeholder={[t('list.startTime'), t('list.endTime')]}
                  />
                )}
                {f.kind === 'custom' && (
                  <CustomField
                    {...bind<string>(f.names[0])}
                    field={f}
                    label={labels[f.names[0]] ?? (f.uiOnly ? values[f.uiOnly[0]] : undefined)}
                    onLabel={(l) => setLabels((m) => ({ ...m, [f.names[0]]: l }))}
                  />
                )}
              </SearchItem>
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
                  setDraft({});
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
      </form>
    </Panel>
  );
}

/** A field with its label, as antd's horizontal Form.Item draws it (label at least 96 px wide, a colon after it). */
function SearchItem({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <div className="bd-search-item">
      <div className="bd-search-label">
        <label htmlFor={name} title={label}>
          {label}
        </label>
      </div>
      <div className="bd-search-control">
        <div className="bd-search-input">
          <div className="bd-search-content">{children}</div>
        </div>
      </div>
    </div>
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
  /** given as antd's Form.Item gave it, not passed on */
  id?: string;
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
