import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { toast } from '../../api/client';
import { deleteCollections, listCollections, remindCollection, type DemandCollection } from '../../api/demand';
import { shownByClient } from '../../api/hooks/useWrite';
import CrudList from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import CollectionFormDialog from './CollectionFormDialog';
import DemandItemsDrawer from './DemandItemsDrawer';

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
    {
      titleKey: 'demand.demands',
      key: 'more',
      render: (_: unknown, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(c)} data-testid={`demand-items-${c.id}`}>
            {t('demand.demands')}
          </Button>
          {c.state === 'open' && (
            <Button type="link" size="small" onClick={() => void remind(c)} data-testid={`demand-remind-${c.id}`}>
              {t('demand.remind')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <CrudList<DemandCollection>
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        testId="demand"
        rowId={(c) => c.id}
        addLabel={t('demand.add')}
        onDelete={(c) => deleteCollections([c.id])}
        renderDialog={(editing, close, saved) => <CollectionFormDialog target={editing} onClose={close} onSaved={saved} />}
      />
      <DemandItemsDrawer
        collection={viewing}
        onClose={() => {
          setViewing(null);
          list.reload();
        }}
      />
    </>
  );
}
