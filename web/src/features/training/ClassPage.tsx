import { lazy, Suspense, useState } from 'react';
import { shownByClient } from '../../api/hooks/useWrite';
import { Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../api/client';
import { CLASS_EXPORT, CLASS_STATES, listClasses, type TrainingClass } from '../../api/training';
import { useConfirmDanger } from '../../components/list/guards';
import ListView from '../../components/list/ListView';
import { IconAction } from '../../components/list/RowActions';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { ClassStateTag } from './parts';
import { useDeleteClass } from './queries';
import { useEver } from '../../lib/useEver';

const ClassDetail = lazy(() => import('./ClassDetail'));
// the class's form, with its pickers and the lecturers and plans it offers, fetched when first opened
const ClassDialog = lazy(() => import('./ClassDialog'));

/** '3 waiting · 1 to approve', only the parts that are not zero. */
export const queueText = (c: Pick<TrainingClass, 'waiting' | 'pending'>) =>
  [c.waiting > 0 && t('training.class.waitingN', { n: c.waiting }), c.pending > 0 && t('training.class.pendingN', { n: c.pending })].filter(Boolean).join(' · ');

const thisYear = new Date().getFullYear();
const fields: SearchField[] = [
  { names: ['keyword'], labelKey: 'training.class.keyword', kind: 'text' },
  { names: ['state'], labelKey: 'training.class.state', kind: 'select', options: CLASS_STATES.map((s) => ({ value: s, labelKey: `training.state.${s}` as const })) },
  {
    names: ['year'],
    labelKey: 'training.class.year',
    kind: 'select',
    options: [thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => ({ value: String(y), label: String(y) })),
  },
];

/**
 * /training_class: the classes (search, state, year, paging, export 'training'), a class's form, and with `?id=` the
 * class itself (ClassDetail: its states, students, sessions and sign-in).
 */
export default function ClassPage() {
  useI18n();
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const open = (classId: number) => setSearch({ id: String(classId) });
  if (id)
    return (
      <Suspense fallback={null}>
        <ClassDetail id={id} onBack={() => setSearch({})} />
      </Suspense>
    );
  return <ClassList onOpen={open} />;
}

function ClassList({ onOpen }: { onOpen(id: number): void }) {
  const list = useList<TrainingClass>(fields, listClasses, { key: ['trainingClasses'] });
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const everEditing = useEver(editing !== null);
  const del = useDeleteClass();
  const { confirmDanger, holder } = useConfirmDanger();
  const columns: ListColumn<TrainingClass>[] = [
    {
      titleKey: 'training.class.name',
      dataIndex: 'name',
      sortKey: 'name',
      render: (v: string, c) => (
        <Space direction="vertical" size={0} style={{ minWidth: 180 }}>
          <Typography.Link strong onClick={() => onOpen(c.id)} data-testid={`class-open-${c.id}`}>
            {v}
          </Typography.Link>
          {c.planTitle && <Typography.Text type="secondary">{c.planTitle}</Typography.Text>}
        </Space>
      ),
    },
    {
      titleKey: 'training.class.unit',
      dataIndex: 'unitLabel',
      render: (v: string, c) => (
        <Space direction="vertical" size={0} style={{ minWidth: 120, maxWidth: 200 }}>
          <span>{v}</span>
          {c.managerName && <Typography.Text type="secondary">{t('training.class.managerIs', { name: c.managerName })}</Typography.Text>}
        </Space>
      ),
    },
    {
      titleKey: 'training.class.period',
      key: 'period',
      sortKey: 'startDate',
      render: (_: unknown, c) => (
        <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
          <span>{c.startDate}</span>
          <Typography.Text type="secondary">~ {c.endDate}</Typography.Text>
        </Space>
      ),
    },
    {
      titleKey: 'training.class.mode',
      key: 'mode',
      render: (_: unknown, c) => (
        <Space direction="vertical" size={0} style={{ minWidth: 100, maxWidth: 170 }}>
          <span>{t(`training.mode.${c.mode}`)}</span>
          <Typography.Text type="secondary" ellipsis={{ tooltip: c.place || c.meetingLink }}>
            {c.place || c.meetingLink}
          </Typography.Text>
        </Space>
      ),
    },
    {
      titleKey: 'training.class.seats',
      key: 'seats',
      render: (_: unknown, c) => (
        <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }} data-testid={`class-seats-${c.id}`}>
          <span>{t('training.class.seatsValue', { n: c.enrolled, cap: c.capacity })}</span>
          <Typography.Text type="secondary">{[t('training.class.sessionCount', { n: c.sessions }), queueText(c)].filter(Boolean).join(' · ')}</Typography.Text>
        </Space>
      ),
    },
    { titleKey: 'training.class.state', dataIndex: 'state', render: (v: TrainingClass['state'], c) => <span data-testid={`class-state-${c.id}`}><ClassStateTag state={v} /></span> },
    {
      titleKey: 'list.actions',
      key: 'actions',
      render: (_: unknown, c) => (
        // icons, their words the tooltip and accessible name: the words ('Open Edit Delete') widened the list (issue 28)
        <Space size={0}>
          <IconAction label={t('training.class.open')} icon={<FolderOpenOutlined />} onClick={() => onOpen(c.id)} />
          {c.state !== 'closed' && c.state !== 'archived' && (
            <IconAction label={t('list.edit')} icon={<EditOutlined />} onClick={() => setEditing({ id: c.id })} testId={`class-edit-${c.id}`} />
          )}
          {c.state === 'draft' && (
            <IconAction
              label={t('list.delete')}
              icon={<DeleteOutlined />}
              danger
              testId={`class-delete-${c.id}`}
              onClick={() => confirmDanger(() => del.mutateAsync(c.id).then(() => toast('success', t('msg.operationSuccessful')), shownByClient))}
            />
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      {holder}
      <ListView<TrainingClass>
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        exportPath={CLASS_EXPORT}
        add={{ labelKey: 'training.class.add', testId: 'class-add', onClick: () => setEditing({}) }}
      />
      {everEditing && (
        <Suspense fallback={null}>
          <ClassDialog target={editing} onClose={() => setEditing(null)} onSaved={(id) => { setEditing(null); list.reload(); if (id) onOpen(id); }} />
        </Suspense>
      )}
    </>
  );
}
