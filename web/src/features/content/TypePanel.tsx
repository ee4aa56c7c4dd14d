import { Form, Input, InputNumber, Select, Tag } from 'antd';
import { addCourseType, deleteCourseTypes, editCourseType, listCourseTypes, type CourseType, type CourseTypeNode } from '../../api/content';
import { courseKeys, courseTypeKeys } from '../../api/hooks/content';
import { useTouch } from '../../api/hooks/useWrite';
import CrudList, { type Editing } from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import FormModal from '../../components/form/FormModal';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { useTypeTree } from './CoursePanel';

const fields: SearchField[] = [{ names: ['name'], labelKey: 'content.type.name', kind: 'text' }];

/** The course types tab: a two-level category (a first-level type and its second-level ones). */
export default function TypePanel() {
  useI18n();
  const tree = useTypeTree();
  const touch = useTouch();
  const list = useList<CourseType>(fields, listCourseTypes, { key: courseTypeKeys.list(), inUrl: false });
  const parentName = (id: number) => tree.find((n) => n.id === id)?.name ?? '';
  const columns: ListColumn<CourseType>[] = [
    { titleKey: 'content.type.name', dataIndex: 'name' },
    {
      titleKey: 'content.type.level',
      dataIndex: 'parentId',
      width: 130,
      render: (v: number) => <Tag color={v === 0 ? 'blue' : 'default'}>{t(v === 0 ? 'content.type.first' : 'content.type.second')}</Tag>,
    },
    { titleKey: 'content.type.parent', dataIndex: 'parentId', key: 'parent', width: 160, render: (v: number) => (v ? parentName(v) : '') },
    { titleKey: 'content.type.sort', dataIndex: 'sort', width: 80 },
    { titleKey: 'content.type.courses', dataIndex: 'courses', width: 90 },
  ];
  return (
    <CrudList<CourseType>
      list={list}
      fields={fields}
      columns={columns}
      rowKey="id"
      testId="ctype"
      rowId={(r) => r.id}
      addLabel={t('content.type.add')}
      onDelete={(r) => deleteCourseTypes([r.id])}
      onChanged={() => touch(courseTypeKeys.all, courseKeys.all)}
      renderDialog={(editing, close, saved) => <TypeFormDialog target={editing} tree={tree} onClose={close} onSaved={saved} />}
    />
  );
}

interface Values {
  name: string;
  parentId: number;
  sort: number | null;
}

function TypeFormDialog({ target, tree, onClose, onSaved }: { target: Editing<CourseType>; tree: CourseTypeNode[]; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<Values>();
  const row = target?.row;
  const values = (): Partial<Values> => (row ? { name: row.name, parentId: row.parentId, sort: row.sort } : { name: '', parentId: 0, sort: 1 });
  const save = (v: Values) => {
    const body = { name: v.name.trim(), parentId: v.parentId ?? 0, sort: v.sort ?? 1 };
    return row ? editCourseType({ ...body, id: row.id }) : addCourseType(body);
  };
  const parents = [{ value: 0, label: t('content.type.none') }, ...tree.filter((n) => n.id !== row?.id).map((n) => ({ value: n.id, label: n.name }))];
  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t(row ? 'content.type.edit' : 'content.type.add')}
      values={values}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      width={480}
      okTestId="ctype-form-ok"
      testId="ctype-form"
    >
      <Form.Item name="name" label={t('content.type.name')} rules={[{ required: true, whitespace: true, message: t('content.nameRequired') }]}>
        <Input maxLength={100} data-testid="ctype-form-name" />
      </Form.Item>
      <Form.Item name="parentId" label={t('content.type.parent')}>
        <Select options={parents} data-testid="ctype-form-parent" />
      </Form.Item>
      <Form.Item name="sort" label={t('content.type.sort')}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
    </FormModal>
  );
}
