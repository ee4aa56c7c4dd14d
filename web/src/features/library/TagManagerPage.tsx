import { Tag } from 'antd';
import { addTag, deleteTags, editTag, listTags, TAG_EXPORT, type LibTagForm, type LibTagRec } from '../../api/library';
import FormDialog from '../../components/form/FormDialog';
import type { FieldDescriptor } from '../../components/form/fields';
import CrudList from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { recordKeys, tagKeys } from '../../api/hooks/library';
import { useTouch } from '../../api/hooks/useWrite';

const fields: SearchField[] = [{ names: ['name'], labelKey: 'tag.name', kind: 'text' }];

const formFields = (): FieldDescriptor[] => [
  { name: 'name', label: t('tag.name'), type: 'text', required: true, maxLength: 30, testId: 'tag-name' },
  { name: 'color', label: t('tag.color'), type: 'text', maxLength: 12, placeholder: '#1677ff', testId: 'tag-color', rules: [{ pattern: /^(#[0-9a-fA-F]{6}|[a-z]{3,12})$/, message: t('tag.colorRule') }] },
  { name: 'sort', label: t('tag.sort'), type: 'number', decimals: 0, nonNegative: true, testId: 'tag-sort' },
];

/** /tagmanager: the tag set the library's records carry (specialities, subjects), with how many records use each. */
export default function TagManagerPage() {
  useI18n();
  const list = useList(fields, listTags, { key: tagKeys.list() });
  const touch = useTouch();
  const columns: ListColumn<LibTagRec>[] = [
    { titleKey: 'tag.name', dataIndex: 'name', sortKey: 'name', render: (v: string, r) => <Tag color={r.color || 'blue'}>{v}</Tag> },
    { titleKey: 'tag.sort', dataIndex: 'sort', sortKey: 'sort' },
    { titleKey: 'tag.records', dataIndex: 'records', sortKey: 'records' },
    { titleKey: 'lib.updatedAt', dataIndex: 'updatedAt', sortKey: 'updatedAt', render: (v: string) => formatTime(v) },
  ];
  return (
    <CrudList<LibTagRec>
      list={list}
      fields={fields}
      columns={columns}
      rowKey="id"
      exportPath={TAG_EXPORT}
      testId="tag"
      rowId={(r) => r.name}
      addLabel={t('tag.add')}
      onDelete={(r) => deleteTags([r.id])}
      onChanged={() => touch(tagKeys.all, recordKeys.all)}
      renderDialog={(editing, close, saved) => (
        <FormDialog<LibTagForm>
          open={editing !== null}
          title={editing?.row ? t('tag.edit') : t('tag.add')}
          fields={formFields()}
          initialValues={editing?.row ?? { sort: 0 }}
          onClose={close}
          onSaved={saved}
          okTestId="tag-ok"
          onSubmit={(v) => (editing?.row ? editTag({ ...v, id: editing.row.id }) : addTag(v))}
        />
      )}
    />
  );
}
