import { lazy, Suspense, useState } from 'react';
import { Tag, Typography } from 'antd';
import { BellOutlined, FileSearchOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import { deleteCollections, listCollections, remindCollection, type DemandCollection } from '../../api/demand';
import { shownByClient } from '../../api/hooks/useWrite';
import CrudList from '../../components/list/CrudList';
import { IconAction } from '../../components/list/RowActions';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { useEver } from '../../lib/useEver';

// fetched when first opened: the collection's form (date, pickers, the form designer) and a collection's demands
// (their list, answers and export) in a drawer
const CollectionFormDialog = lazy(() => import('./CollectionFormDialog'));
const DemandItemsDrawer = lazy(() => import('./DemandItemsDrawer'));

const fields: SearchField[] = [
  { names: ['title'], labelKey: 'demand.title', kind: 'text' },
  {
    names: ['state'],
    labelKey: 'demand.state',
    kind: 'select',
    options: [
      { value: 'open', labelKey: 'demand.state.open' },
      { value: 'closed', labelKey: 'demand.state.closed' },
    ],
  },
  { names: ['startTime', 'endTime'], labelKey: 'demand.createdAt', kind: 'dateRange' },
];

/** /demandcollection: the collections in the caller's scope; open, edit, delete, remind; each one's demands in a drawer. */
export default function DemandCollectionPage() {
  useI18n();
  const list = useList<DemandCollection>(fields, listCollections, { key: ['listCollections'] });
  const [viewing, setViewing] = useState<DemandCollection | null>(null);
  const drawerUsed = useEver(viewing !== null);

  const remind = (c: DemandCollection) =>
    remindCollection(c.id).then(
      (r) => toast('success', t('demand.reminded', { n: r.count })),
      shownByClient,
    );

  const columns: ListColumn<DemandCollection>[] = [
    { titleKey: 'demand.title', dataIndex: 'title', sortKey: 'title', clip: 180, render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { titleKey: 'demand.deadline', dataIndex: 'deadline', sortKey: 'deadline', render: (v: string) => formatTime(v) },
    {
      titleKey: 'demand.state',
      dataIndex: 'state',
      render: (v: DemandCollection['state'], c) => (
        <Tag color={v === 'open' ? 'green' : 'default'} data-testid={`demand-state-${c.id}`}>
          {t(`demand.state.${v}`)}
        </Tag>
      ),
    },
    {
      titleKey: 'demand.audience',
      dataIndex: 'audienceLabel',
      render: (v: string) => (
        <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 180 }}>
          {v}
        </Typography.Text>
      ),
    },
    { titleKey: 'demand.count', key: 'count', render: (_: unknown, c) => `${c.answeredCount} / ${c.demandCount}` },
    { titleKey: 'demand.createdBy', dataIndex: 'createdByName' },
    { titleKey: 'demand.createdAt', dataIndex: 'createdAt', sortKey: 'createdAt', render: (v: string) => formatTime(v) },
  ];
  // a collection's demands and the reminder are actions of the row, in its one actions column
  const rowActions = (c: DemandCollection) => (
    <>
      <IconAction label={t('demand.demands')} icon={<FileSearchOutlined />} onClick={() => setViewing(c)} testId={`demand-items-${c.id}`} />
      {c.state === 'open' && <IconAction label={t('demand.remind')} icon={<BellOutlined />} onClick={() => void remind(c)} testId={`demand-remind-${c.id}`} />}
    </>
  );

  return (
    <>
      <CrudList<DemandCollection>
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        testId="demand"
        rowActions={rowActions}
        rowId={(c) => c.id}
        addLabel={t('demand.add')}
        onDelete={(c) => deleteCollections([c.id])}
        renderDialog={(editing, close, saved) => <CollectionFormDialog target={editing} onClose={close} onSaved={saved} />}
      />
      {drawerUsed && (
        <Suspense fallback={null}>
          <DemandItemsDrawer
            collection={viewing}
            onClose={() => {
              setViewing(null);
              list.reload();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
