import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { RoleSummary } from '../../api/admin';
import { addDTable, editDTable, getDTable, purgeDTableField, type DTableField, type DTableForm } from '../../api/lowcode';
import { shownByClient } from '../../api/hooks/useWrite';
import { useAllRoles } from '../../api/hooks/admin';
import { SubmitModal } from '../../components/form/FormModal';
import { useConfirmDanger } from '../../components/list/guards';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { t, useI18n } from '../../i18n';
import { useDictData } from '../../lib/dictSelect';
import { fieldKey, newField } from './dtableView';

interface Props {
  open: boolean;
  /** the table edited; none adds one */
  id?: number;
  onClose(): void;
  onSaved(): void;
}

type Values = Omit<DTableForm, 'fields'> & { fields: Partial<DTableField>[] };

const FLAGS = ['required', 'unique', 'inList', 'searchable', 'sortable'] as const;
const SHOW_TYPES = ['', 'single_organ_choice', 'multiple_organ_choice', 'single_user_choice', 'multiple_user_choice'];
const TYPES = ['varchar', 'int', 'money', 'date', 'datetime'] as const;
/** Column headers stay on one line (a narrow column must not wrap its title one character per line). */
const oneLine = () => ({ style: { whiteSpace: 'nowrap' as const } });

const NO_ROLES: RoleSummary[] = [];

/** The designer of a dynamic table: name, roles, and its fields as the spec's descriptor plus the list switches. */
export default function DTableDesignDialog({ open, id, onClose, onSaved }: Props) {
  useI18n();
  const [form] = Form.useForm<Values>();
  const roles = useAllRoles().data ?? NO_ROLES;
  const [removed, setRemoved] = useState<DTableField[]>([]);
  const { confirmDanger, holder } = useConfirmDanger();
  const dicts = useDictData();
  const dictOptions = dicts.map((g) => ({ value: String(g.value), label: `${g.key}（${g.value}）` }));
  // Rows (Form.List keys) whose code the administrator typed: their title no longer rewrites it.
  const typedKey = useRef(new Set<number>());
  const titleChanged = (row: number, key: number, title: string) => {
    const fields = (form.getFieldValue('fields') as Partial<DTableField>[]) ?? [];
    if (fields[row]?.id || typedKey.current.has(key)) return; // a saved field keeps its code unless edited by hand
    const taken = fields.filter((_, i) => i !== row).map((f) => f.fieldName ?? '');
    form.setFieldValue(['fields', row, 'fieldName'], title.trim() ? fieldKey(title, taken) : '');
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setRemoved([]);
    typedKey.current = new Set();
    if (id) {
      getDTable(id).then((d) => {
        form.setFieldsValue({ name: d.name, remark: d.remark, readRoles: d.readRoles, writeRoles: d.writeRoles, fields: d.fields.filter((f) => f.removed === 0) });
        setRemoved(d.fields.filter((f) => f.removed === 1));
      }, onClose);
    } else {
      form.setFieldsValue({ name: '', remark: '', readRoles: [], writeRoles: [], fields: [newField(0)] });
    }
  }, [open, id, form, onClose]);

  const { submit, saving } = useFormSubmit<Values>(
    form,
    (v) => {
      const body: DTableForm = { ...v, readRoles: v.readRoles ?? [], writeRoles: v.writeRoles ?? [], fields: v.fields ?? [] };
      return id ? editDTable({ ...body, id }) : addDTable(body);
    },
    onSaved,
  );

  const restore = (f: DTableField) => {
    const fields = form.getFieldValue('fields') as Partial<DTableField>[];
    form.setFieldValue('fields', [...fields, { ...f, fieldName: f.fieldName.replace(/^removed_\d+_/, '') }]);
    setRemoved((r) => r.filter((x) => x.id !== f.id));
  };
  const purge = (f: DTableField) =>
    confirmDanger(() =>
      purgeDTableField(id!, f.id).then(
        () => setRemoved((r) => r.filter((x) => x.id !== f.id)),
        shownByClient,
      ),
    );
  const roleOptions = roles.map((r) => ({ value: r.id, label: r.name }));

  return (
    <SubmitModal open={open} title={id ? t('dtable.edit') : t('dtable.add')} onClose={onClose} onOk={submit} saving={saving} width={1360} okTestId="dt-def-ok">
      {holder}
      <Form form={form} layout="vertical" data-testid="dt-def-form">
        <Space wrap align="start">
          <Form.Item name="name" label={t('dtable.name')} rules={[{ required: true, whitespace: true, message: t('form.fillIn', { label: t('dtable.name') }) }, { max: 50 }]}>
            <Input style={{ width: 240 }} data-testid="dt-def-name" />
          </Form.Item>
          <Form.Item name="readRoles" label={t('dtable.readRoles')}>
            <Select mode="multiple" style={{ width: 260 }} options={roleOptions} optionFilterProp="label" data-testid="dt-def-read" />
          </Form.Item>
          <Form.Item name="writeRoles" label={t('dtable.writeRoles')}>
            <Select mode="multiple" style={{ width: 260 }} options={roleOptions} optionFilterProp="label" data-testid="dt-def-write" />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label={t('dtable.remark')} rules={[{ max: 500 }]}>
          <Input />
        </Form.Item>
        <Form.List name="fields">
          {(items, { add, remove }) => (
            <>
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={items}
                scroll={{ x: 'max-content' }}
                columns={[
                  {
                    title: t('dtable.field.name'),
                    onHeaderCell: oneLine,
                    render: (_, it) => (
                      <Form.Item noStyle name={[it.name, 'name']}>
                        <Input style={{ width: 130 }} onChange={(e) => titleChanged(it.name, it.key, e.target.value)} data-testid={`dt-f-name-${it.name}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('dtable.field.fieldName'),
                    onHeaderCell: oneLine,
                    render: (_, it) => (
                      <Form.Item noStyle name={[it.name, 'fieldName']}>
                        <Input
                          style={{ width: 120 }}
                          placeholder={t('dtable.field.fieldNameAuto')}
                          title={t('dtable.field.fieldNameHint')}
                          onChange={() => typedKey.current.add(it.key)}
                          data-testid={`dt-f-code-${it.name}`}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('dtable.field.type'),
                    onHeaderCell: oneLine,
                    render: (_, it) => (
                      <Form.Item noStyle name={[it.name, 'type']}>
                        <Select
                          style={{ width: 110 }}
                          disabled={!!form.getFieldValue(['fields', it.name, 'id'])}
                          options={TYPES.map((v) => ({ value: v, label: t(`dtable.type.${v}` as 'dtable.type.varchar') }))}
                          data-testid={`dt-f-type-${it.name}`}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('dtable.field.showType'),
                    onHeaderCell: oneLine,
                    render: (_, it) => (
                      <Form.Item noStyle name={[it.name, 'showType']}>
                        <Select
                          style={{ width: 120 }}
                          options={SHOW_TYPES.map((v) => ({ value: v, label: t(`dtable.show.${v || 'plain'}` as 'dtable.show.plain') }))}
                          data-testid={`dt-f-show-${it.name}`}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('dtable.field.dict'),
                    onHeaderCell: oneLine,
                    render: (_, it) => (
                      <Space size={4}>
                        <Form.Item noStyle name={[it.name, 'isDict']} getValueProps={(v) => ({ checked: v === 1 })} getValueFromEvent={(e) => (e.target.checked ? 1 : 0)}>
                          <Checkbox data-testid={`dt-f-isdict-${it.name}`} />
                        </Form.Item>
                        <Form.Item noStyle name={[it.name, 'dictGroupCode']}>
                          <Select
                            style={{ width: 150 }}
                            allowClear
                            showSearch
                            optionFilterProp="label"
                            options={dictOptions}
                            placeholder={t('dtable.field.dictGroupCode')}
                            popupMatchSelectWidth={false}
                            onChange={(v) => form.setFieldValue(['fields', it.name, 'isDict'], v ? 1 : 0)}
                            data-testid={`dt-f-dict-${it.name}`}
                          />
                        </Form.Item>
                        <Form.Item noStyle name={[it.name, 'choiceSingle']} getValueProps={(v) => ({ checked: v === 0 })} getValueFromEvent={(e) => (e.target.checked ? 0 : 1)}>
                          <Checkbox>{t('dtable.field.multiple')}</Checkbox>
                        </Form.Item>
                      </Space>
                    ),
                  },
                  {
                    title: t('dtable.field.defaultValue'),
                    onHeaderCell: oneLine,
                    render: (_, it) => (
                      <Form.Item noStyle name={[it.name, 'defaultValue']}>
                        <Input style={{ width: 80 }} />
                      </Form.Item>
                    ),
                  },
                  ...FLAGS.map((flag) => ({
                    title: t(`dtable.field.${flag}`),
                    onHeaderCell: oneLine,
                    render: (_: unknown, it: { name: number }) => (
                      <Form.Item noStyle name={[it.name, flag]} getValueProps={(v) => ({ checked: v === 1 })} getValueFromEvent={(e) => (e.target.checked ? 1 : 0)}>
                        <Checkbox data-testid={`dt-f-${flag}-${it.name}`} />
                      </Form.Item>
                    ),
                  })),
                  {
                    title: '',
                    render: (_, it) => <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(it.name)} data-testid={`dt-f-remove-${it.name}`} />,
                  },
                ]}
              />
              <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add(newField(items.length))} data-testid="dt-f-add">
                {t('dtable.field.add')}
              </Button>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('dtable.removeHint')}
              </Typography.Paragraph>
            </>
          )}
        </Form.List>
        {removed.length > 0 && (
          <>
            <Typography.Title level={5}>{t('dtable.removed')}</Typography.Title>
            <Space wrap>
              {removed.map((f) => (
                <Tag key={f.id}>
                  {f.name}
                  <Button type="link" size="small" onClick={() => restore(f)} data-testid={`dt-restore-${f.id}`}>
                    {t('dtable.restore')}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => purge(f)} data-testid={`dt-purge-${f.id}`}>
                    {t('dtable.purge')}
                  </Button>
                </Tag>
              ))}
            </Space>
          </>
        )}
      </Form>
    </SubmitModal>
  );
}
