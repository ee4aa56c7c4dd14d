import { useEffect } from 'react';
import { Form, Input, Select, Switch, Tag, Typography } from 'antd';
import {
  addSpecial, deleteSpecials, editSpecial, listSpecials,
  type ContentOption, type Special, SPECIAL_EXPORT } from '../../api/content';
import { topicKeys, useCourseOptions, useTopic, useTopicOptions } from '../../api/hooks/content';
import CrudList, { type Editing } from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import FormModal from '../../components/form/FormModal';
import { useList } from '../../components/list/useList';
import CoverField from '../../components/resource/CoverField';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import styles from './content.module.css';

const fields: SearchField[] = [
  { names: ['name'], labelKey: 'content.special.name', kind: 'text' },
  {
    names: ['level'],
    labelKey: 'resource.level',
    kind: 'select',
    options: [
      { value: '1', labelKey: 'resource.level.1' },
      { value: '2', labelKey: 'resource.level.2' },
    ],
  },
];

/** The topics tab: first-level topics (holding courses and second-level topics) and second-level ones. */
export default function SpecialPanel() {
  useI18n();
  const list = useList<Special>(fields, listSpecials, { key: topicKeys.list(), inUrl: false });
  const columns: ListColumn<Special>[] = [
    { titleKey: 'content.cover', dataIndex: 'cover', width: 116, render: (url: string) => (url ? <img src={url} alt="" className={styles.thumb} loading="lazy" /> : null) },
    { titleKey: 'content.special.name', dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    {
      titleKey: 'resource.level',
      dataIndex: 'level',
      width: 110,
      render: (v: number) => <Tag color={v === 1 ? 'blue' : 'default'}>{t(v === 1 ? 'resource.level.1' : 'resource.level.2')}</Tag>,
    },
    { titleKey: 'content.special.parent', dataIndex: 'parentName', width: 140 },
    {
      titleKey: 'content.course.published',
      dataIndex: 'published',
      width: 90,
      render: (v: number) => <Tag color={v === 1 ? 'blue' : 'default'}>{t(v === 1 ? 'content.published.1' : 'content.published.0')}</Tag>,
    },
    { titleKey: 'content.updatedAt', dataIndex: 'updatedAt', width: 170, render: (v: string) => formatTime(v) },
  ];
  return (
    <CrudList<Special>
      list={list}
      fields={fields}
      columns={columns}
      rowKey="id"
      exportPath={SPECIAL_EXPORT}
      testId="special"
      rowId={(s) => s.id}
      addLabel={t('content.special.add')}
      onDelete={(s) => deleteSpecials([s.id])}
      renderDialog={(editing, close, saved) => <SpecialFormDialog target={editing} onClose={close} onSaved={saved} />}
    />
  );
}

interface Values {
  name: string;
  cover: string;
  level: number;
  parentId?: number;
  description: string;
  published: boolean;
  courseIds: number[];
}

const NO_OPTIONS: ContentOption[] = [];

function SpecialFormDialog({ target, onClose, onSaved }: { target: Editing<Special>; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<Values>();
  const row = target?.row;
  const level = Form.useWatch('level', form);
  const courses = useCourseOptions().data ?? NO_OPTIONS;
  const parents = (useTopicOptions(1).data ?? NO_OPTIONS).filter((p) => p.id !== row?.id);
  // the list row has no course ids: the dialog reads them
  const courseIds = useTopic(row?.id).data?.courseIds;
  useEffect(() => {
    if (courseIds) form.setFieldValue('courseIds', courseIds);
  }, [courseIds, form]);

  const values = (): Partial<Values> =>
    row
      ? { name: row.name, cover: row.cover, level: row.level, parentId: row.parentId || undefined, description: row.description, published: row.published === 1, courseIds: [] }
      : { name: '', cover: '', level: 1, parentId: undefined, description: '', published: true, courseIds: [] };
  const save = (v: Values) => {
    const body = {
      name: v.name.trim(),
      cover: v.cover,
      level: v.level,
      parentId: v.level === 2 ? (v.parentId ?? 0) : 0,
      description: v.description?.trim() ?? '',
      published: (v.published ? 1 : 0) as 0 | 1,
      courseIds: v.courseIds ?? [],
    };
    return row ? editSpecial({ ...body, id: row.id }) : addSpecial(body);
  };
  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t(row ? 'content.special.edit' : 'content.special.add')}
      values={values}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      width={640}
      okTestId="special-form-ok"
      testId="special-form"
    >
      <Form.Item name="name" label={t('content.special.name')} rules={[{ required: true, whitespace: true, message: t('content.nameRequired') }]}>
        <Input maxLength={100} showCount data-testid="special-form-name" />
      </Form.Item>
      <Form.Item name="cover" label={t('content.cover')} rules={[{ required: true, message: t('resource.coverRequired') }]}>
        <CoverField testId="special-form-cover" />
      </Form.Item>
      <Form.Item name="level" label={t('resource.level')} rules={[{ required: true }]}>
        <Select
          options={[
            { value: 1, label: t('resource.level.1') },
            { value: 2, label: t('resource.level.2') },
          ]}
          data-testid="special-form-level"
        />
      </Form.Item>
      {level === 2 && (
        <Form.Item name="parentId" label={t('content.special.parent')} rules={[{ required: true, message: t('content.special.parentRequired') }]}>
          <Select options={parents.map((p) => ({ value: p.id, label: p.name }))} showSearch={{ optionFilterProp: 'label' }} data-testid="special-form-parent" />
        </Form.Item>
      )}
      <Form.Item name="courseIds" label={t('content.special.courses')}>
        <Select mode="multiple" options={courses.map((c) => ({ value: c.id, label: c.name }))} showSearch={{ optionFilterProp: 'label' }} data-testid="special-form-courses" />
      </Form.Item>
      <Form.Item name="description" label={t('content.description')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item name="published" label={t('content.course.published')} valuePropName="checked">
        <Switch data-testid="special-form-published" />
      </Form.Item>
    </FormModal>
  );
}
