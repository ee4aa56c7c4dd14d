import { Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { LECTURER_EXPORT, LECTURER_KINDS, listLecturers, type Lecturer, type LecturerForm } from '../../api/training';
import FormModal from '../../components/form/FormModal';
import CrudList, { type Editing } from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { EmployeePickerInput } from '../../components/picker';
import { t, useI18n } from '../../i18n';
import { useDeleteLecturer, useSaveLecturer } from './queries';

const fields: SearchField[] = [
  { names: ['keyword'], labelKey: 'training.lecturer.keyword', kind: 'text' },
  { names: ['kind'], labelKey: 'training.lecturer.kind', kind: 'select', options: LECTURER_KINDS.map((k) => ({ value: k, labelKey: `training.kind.${k}` as const })) },
];

export function KindTag({ kind }: { kind: Lecturer['kind'] }) {
  return <Tag color={kind === 'internal' ? 'blue' : 'purple'}>{t(`training.kind.${kind}`)}</Tag>;
}

/** /training_lecturer: the lecturers (internal: an employee; external: an organisation and a contact), the courses
 * they teach and the hours they have taught; add, edit, delete (one no course, class or session names); export
 * 'lecturers' with the list's filters. */
export default function LecturerPage() {
  useI18n();
  const list = useList<Lecturer>(fields, listLecturers, { key: ['trainingLecturers'] });
  const del = useDeleteLecturer();
  const columns: ListColumn<Lecturer>[] = [
    {
      titleKey: 'training.lecturer.name',
      dataIndex: 'name',
      sortKey: 'name',
      cellWidth: 260,
      render: (v: string, l) => (
        <Space direction="vertical" size={0} style={{ minWidth: 150 }}>
          <span>
            <Typography.Text strong>{v}</Typography.Text> <KindTag kind={l.kind} />
          </span>
          <Typography.Text type="secondary">
            {l.kind === 'internal' ? [l.employeeCode, l.unitLabel].filter(Boolean).join(' · ') : [l.organisation, l.contact].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      titleKey: 'training.lecturer.titleLevel',
      key: 'title',
      render: (_: unknown, l) => <span style={{ whiteSpace: 'nowrap' }}>{[l.title, l.level].filter(Boolean).join(' / ') || '—'}</span>,
    },
    { titleKey: 'training.lecturer.specialities', dataIndex: 'specialities', render: (v: string) => <div style={{ minWidth: 120, maxWidth: 200 }}>{v || '—'}</div> },
    {
      titleKey: 'training.lecturer.courses',
      key: 'courses',
      render: (_: unknown, l) =>
        l.courses.length ? (
          <div style={{ minWidth: 160, maxWidth: 220 }}>
            {l.courses.slice(0, 4).map((c) => (
              <Tag key={c.id} style={{ marginBottom: 2 }}>
                {c.name}
              </Tag>
            ))}
            {l.courses.length > 4 && <Typography.Text type="secondary">{t('training.more', { n: l.courses.length - 4 })}</Typography.Text>}
          </div>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      titleKey: 'training.lecturer.hours',
      key: 'hours',
      render: (_: unknown, l) => (
        <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }} data-testid={`lecturer-hours-${l.id}`}>
          <span>{t('training.lecturer.hoursValue', { h: l.hours })}</span>
          <Typography.Text type="secondary">{t('training.lecturer.sessionsValue', { n: l.sessions })}</Typography.Text>
        </Space>
      ),
    },
    {
      titleKey: 'training.lecturer.rating',
      key: 'rating',
      render: (_: unknown, l) => (
        <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }} data-testid={`lecturer-rating-${l.id}`}>
          <span>{l.ratings ? `${l.rating.toFixed(2)} ★` : '—'}</span>
          {l.ratings > 0 && <Typography.Text type="secondary">{t('training.lecturer.ratingsValue', { n: l.ratings })}</Typography.Text>}
        </Space>
      ),
    },
  ];
  return (
    <CrudList<Lecturer>
      list={list}
      fields={fields}
      columns={columns}
      rowKey="id"
      exportPath={LECTURER_EXPORT}
      testId="lecturer"
      rowId={(l) => l.id}
      addLabel={t('training.lecturer.add')}
      onDelete={(l) => del.mutateAsync(l.id)}
      renderDialog={(editing, close, saved) => <LecturerDialog target={editing} onClose={close} onSaved={saved} />}
    />
  );
}

type Values = Omit<LecturerForm, 'id'>;

function LecturerDialog({ target, onClose, onSaved }: { target: Editing<Lecturer>; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveLecturer();
  const row = target?.row;
  const kind = Form.useWatch('kind', form) ?? row?.kind ?? 'internal';
  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t(row ? 'training.lecturer.edit' : 'training.lecturer.add')}
      values={() => (row ? { ...row } : { kind: 'internal' })}
      save={(v) => save.mutateAsync({ ...v, id: row?.id })}
      onClose={onClose}
      onSaved={onSaved}
      width={560}
      okTestId="lecturer-ok"
      testId="lecturer-form"
    >
      <Form.Item name="kind" label={t('training.lecturer.kind')} required>
        <Radio.Group
          optionType="button"
          options={LECTURER_KINDS.map((k) => ({ value: k, label: <span data-testid={`lecturer-kind-${k}`}>{t(`training.kind.${k}`)}</span> }))}
        />
      </Form.Item>
      {kind === 'internal' ? (
        <Form.Item
          name="employeeCode"
          label={t('training.lecturer.employee')}
          rules={[{ required: true, message: t('training.lecturer.employeeRequired') }]}
          extra={t('training.lecturer.employeeHint')}
        >
          <EmployeePickerInput label={row?.kind === 'internal' ? row.name : undefined} title={t('training.lecturer.employee')} testId="lecturer-employee" />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="name" label={t('training.lecturer.name')} rules={[{ required: true, whitespace: true, message: t('training.nameRequired') }]}>
            <Input maxLength={100} data-testid="lecturer-name" />
          </Form.Item>
          <Form.Item name="organisation" label={t('training.lecturer.organisation')}>
            <Input maxLength={100} data-testid="lecturer-org" />
          </Form.Item>
          <Form.Item name="contact" label={t('training.lecturer.contact')}>
            <Input maxLength={100} data-testid="lecturer-contact" />
          </Form.Item>
        </>
      )}
      <Space.Compact block>
        <Form.Item name="title" label={t('training.lecturer.title')} style={{ flex: 1, marginRight: 12 }}>
          <Input maxLength={100} data-testid="lecturer-title" />
        </Form.Item>
        <Form.Item name="level" label={t('training.lecturer.level')} style={{ flex: 1 }}>
          <Input maxLength={100} data-testid="lecturer-level" />
        </Form.Item>
      </Space.Compact>
      <Form.Item name="specialities" label={t('training.lecturer.specialities')}>
        <Input maxLength={500} data-testid="lecturer-specialities" />
      </Form.Item>
      <Form.Item name="remark" label={t('training.lecturer.remark')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
