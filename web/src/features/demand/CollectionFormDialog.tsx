import { Button, Checkbox, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { addCollection, DEMAND_FIELD_TYPES, editCollection, type DemandCollection, type DemandField } from '../../api/demand';
import type { Editing } from '../../components/list/CrudList';
import FormModal from '../../components/form/FormModal';
import { EmployeePickerInput, OrgPickerInput } from '../../components/picker';
import { useI18n } from '../../i18n';

/** Server limits (internal/demand). */
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const FIELDS_MAX = 20;
const KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

interface Values {
  title: string;
  description?: string;
  deadline: Dayjs | null;
  audienceUnits?: string;
  audienceEmployees?: string;
  fields?: DemandField[];
}

/** Open or edit a collection: title, description, deadline, the audience (organisation/employee picker), the form. */
export default function CollectionFormDialog({ target, onClose, onSaved }: { target: Editing<DemandCollection>; onClose(): void; onSaved(): void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const row = target?.row;

  const values = (): Partial<Values> =>
    row
      ? {
          title: row.title,
          description: row.description,
          deadline: dayjs(row.deadline),
          audienceUnits: row.audienceUnits,
          audienceEmployees: row.audienceEmployees,
          fields: row.fields,
        }
      : { title: '', description: '', deadline: null, audienceUnits: '', audienceEmployees: '', fields: [] };

  const save = (v: Values) => {
    const body = {
      title: v.title.trim(),
      description: (v.description ?? '').trim(),
      deadline: v.deadline ? v.deadline.format('YYYY-MM-DD HH:mm:ss') : '',
      audienceUnits: v.audienceUnits ?? '',
      audienceEmployees: v.audienceEmployees ?? '',
      fields: (v.fields ?? []).map((f) => ({ ...f, key: f.key.trim(), label: f.label.trim(), required: !!f.required, dict: f.type === 'dict' ? f.dict : '' })),
    };
    return row ? editCollection({ ...body, id: row.id }) : addCollection(body);
  };

  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t(row ? 'demand.edit' : 'demand.add')}
      values={values}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      width={820}
      okTestId="demand-form-ok"
      testId="demand-form"
    >
      <Form.Item name="title" label={t('demand.title')} rules={[{ required: true, whitespace: true, message: t('demand.titleRequired') }]}>
        <Input maxLength={TITLE_MAX} showCount data-testid="demand-form-title" />
      </Form.Item>
      <Form.Item name="description" label={t('demand.description')}>
        <Input.TextArea maxLength={DESCRIPTION_MAX} rows={3} data-testid="demand-form-description" />
      </Form.Item>
      <Form.Item
        name="deadline"
        label={t('demand.deadline')}
        rules={[
          { required: true, message: t('demand.deadlineRequired') },
          { validator: (_, v?: Dayjs | null) => (!v || v.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('demand.deadlinePast')))) },
        ]}
      >
        <DatePicker showTime format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} data-testid="demand-form-deadline" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="audienceUnits"
            label={t('demand.audienceUnits')}
            extra={t('demand.audienceHint')}
            dependencies={['audienceEmployees']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v?: string) =>
                  v || getFieldValue('audienceEmployees') ? Promise.resolve() : Promise.reject(new Error(t('demand.audienceRequired'))),
              }),
            ]}
          >
            <OrgPickerInput multiple subordinatesImplied title={t('demand.pickUnits')} label={row?.audienceLabel} testId="demand-form-units" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="audienceEmployees" label={t('demand.audienceEmployees')}>
            <EmployeePickerInput multiple title={t('demand.pickEmployees')} testId="demand-form-employees" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('demand.fields')} extra={t('demand.fieldsHint')}>
        <Form.List name="fields">
          {(items, { add, remove }) => (
            <>
              {items.map(({ key, name }) => (
                <Space key={key} align="baseline" wrap data-testid={`demand-field-${name}`}>
                  <Form.Item
                    name={[name, 'key']}
                    rules={[{ required: true, pattern: KEY_RE, message: t('demand.field.keyBad') }]}
                    style={{ marginBottom: 8 }}
                  >
                    <Input placeholder={t('demand.field.key')} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[name, 'label']} rules={[{ required: true, whitespace: true, message: t('demand.field.label') }]} style={{ marginBottom: 8 }}>
                    <Input placeholder={t('demand.field.label')} maxLength={50} style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item name={[name, 'type']} initialValue="text" style={{ marginBottom: 8 }}>
                    <Select style={{ width: 130 }} options={DEMAND_FIELD_TYPES.map((ty) => ({ value: ty, label: t(`demand.type.${ty}`) }))} />
                  </Form.Item>
                  <Form.Item noStyle dependencies={[['fields', name, 'type']]}>
                    {({ getFieldValue }) =>
                      getFieldValue(['fields', name, 'type']) === 'dict' ? (
                        <Form.Item name={[name, 'dict']} rules={[{ required: true, message: t('demand.field.dict') }]} style={{ marginBottom: 8 }}>
                          <Input placeholder={t('demand.field.dict')} style={{ width: 140 }} />
                        </Form.Item>
                      ) : null
                    }
                  </Form.Item>
                  <Form.Item name={[name, 'required']} valuePropName="checked" style={{ marginBottom: 8 }}>
                    <Checkbox>{t('demand.field.required')}</Checkbox>
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} aria-label={t('list.delete')} onClick={() => remove(name)} />
                </Space>
              ))}
              {items.length < FIELDS_MAX && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', label: '', type: 'text', required: false })} data-testid="demand-field-add">
                  {t('demand.field.add')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form.Item>
    </FormModal>
  );
}
