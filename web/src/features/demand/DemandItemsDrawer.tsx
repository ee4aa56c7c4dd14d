import { useState } from 'react';
import { Button, Drawer, Space, Tag, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import { FILE_DOWN_PATH } from '../../api/upload';
import {
  DEMAND_EXPORT,
  DEMAND_STATES,
  listDemandItems,
  type DemandCollection,
  type DemandItem,
  type DemandState,
} from '../../api/demand';
import { shownByClient } from '../../api/hooks/useWrite';
import { IconAction } from '../../components/list/RowActions';
import ListView from '../../components/list/ListView';
import ExportButton, { openExport } from '../../components/list/ExportButton';
import { filterParams } from '../../components/list/query';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import AnswerDialog from './AnswerDialog';
import DemandReplies from './DemandReplies';

export const STATE_COLOR: Record<DemandState, string> = {
  submitted: 'gold',
  accepted: 'blue',
  in_progress: 'processing',
  done: 'green',
  declined: 'red',
};

export function DemandStateTag({ state }: { state: DemandState }) {
  return <Tag color={STATE_COLOR[state]}>{t(`demand.itemState.${state}`)}</Tag>;
}

const fields: SearchField[] = [
  { names: ['keyword'], labelKey: 'demand.item.keyword', kind: 'text' },
  { names: ['state'], labelKey: 'demand.state', kind: 'select', options: DEMAND_STATES.map((s) => ({ value: s, labelKey: `demand.itemState.${s}` as const })) },
  { names: ['startTime', 'endTime'], labelKey: 'demand.item.createdAt', kind: 'dateRange' },
];

/** The answers' texts of a demand's form values, by the collection's field labels. */
export function valuesText(c: Pick<DemandCollection, 'fields'> | undefined, values: Record<string, unknown>) {
  return (c?.fields ?? [])
    .filter((f) => f.type !== 'file' && values[f.key] !== undefined && values[f.key] !== '')
    .map((f) => `${f.label}: ${String(values[f.key])}`)
    .join('; ');
}

/** The demands of one collection: filters, answers (one or a batch, each a message with text and files), the export. */
export default function DemandItemsDrawer({ collection, onClose }: { collection: DemandCollection | null; onClose(): void }) {
  useI18n();
  // the list stays on the last collection shown while the drawer closes (instead of asking for every collection's)
  const [last, setLast] = useState(collection);
  if (collection && collection !== last) setLast(collection);
  const collectionId = last ? String(last.id) : '';
  const list = useList<DemandItem>(fields, (p) => listDemandItems({ ...p, collectionId }), { key: ['demandItems', collectionId], inUrl: false });
  const [answering, setAnswering] = useState<DemandItem[]>([]);
  const selected = list.data?.records.filter((r) => list.selectedKeys.map(Number).includes(r.id)) ?? [];

  const columns: ListColumn<DemandItem>[] = [
    { titleKey: 'demand.item.user', key: 'user', render: (_: unknown, r) => `${r.userName}(${r.loginCode})` },
    { titleKey: 'demand.item.unit', dataIndex: 'unitName', clip: 160 },
    {
      titleKey: 'demand.item.content',
      dataIndex: 'content',
      render: (v: string, r) => (
        // wraps at 230 px rather than widening the table past the drawer (where the pinned actions would cover the
        // last columns)
        <div style={{ maxWidth: 230 }}>
          <Typography.Paragraph style={{ marginBottom: 0 }} ellipsis={{ rows: 3, tooltip: v }}>
            {v}
          </Typography.Paragraph>
          {valuesText(collection ?? undefined, r.values) && <Typography.Text type="secondary">{valuesText(collection ?? undefined, r.values)}</Typography.Text>}
        </div>
      ),
    },
    {
      titleKey: 'demand.item.files',
      key: 'files',
      render: (_: unknown, r) => (
        <Space direction="vertical" size={0}>
          {r.files.map((f) => (
            <Typography.Link key={f.id} onClick={() => void openExport(FILE_DOWN_PATH, { id: String(f.id) }).catch(shownByClient)}>
              {f.name}
            </Typography.Link>
          ))}
        </Space>
      ),
    },
    { titleKey: 'demand.state', dataIndex: 'state', sortKey: 'state', render: (v: DemandState, r) => <span data-testid={`demand-item-state-${r.id}`}><DemandStateTag state={v} /></span> },
    {
      titleKey: 'demand.item.reason',
      key: 'replies',
      width: 220,
      render: (_: unknown, r) =>
        r.replies.length ? <DemandReplies replies={r.replies.slice(-1)} states={false} testId={`demand-item-replies-${r.id}`} /> : <Typography.Text type="secondary">{t('demand.reply.none')}</Typography.Text>,
    },
    { titleKey: 'demand.item.createdAt', dataIndex: 'createdAt', sortKey: 'createdAt', render: (v: string) => formatTime(v) },
    {
      titleKey: 'list.actions',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) => (
        <IconAction label={t('demand.reply.one')} icon={<MessageOutlined />} onClick={() => setAnswering([r])} testId={`demand-answer-one-${r.id}`} />
      ),
    },
  ];

  return (
    <Drawer
      open={!!collection}
      onClose={onClose}
      width="min(1400px, 96vw)"
      title={collection ? t('demand.items.title', { title: collection.title }) : ''}
      destroyOnHidden
      data-testid="demand-items"
    >
      {collection && (
        <ListView<DemandItem>
          list={list}
          fields={fields}
          columns={columns}
          rowKey="id"
          selectable
          actions={
            <Space wrap>
              <Button
                type="primary"
                icon={<MessageOutlined />}
                data-testid="demand-answer-batch"
                onClick={() => (selected.length ? setAnswering(selected) : toast('warning', t('list.tickFirst')))}
              >
                {selected.length ? t('demand.reply.batchN', { n: selected.length }) : t('demand.reply.batch')}
              </Button>
              <ExportButton path={DEMAND_EXPORT} params={{ ...filterParams(list.state, fields), collectionId }} />
            </Space>
          }
        />
      )}
      <AnswerDialog
        items={answering}
        onClose={() => setAnswering([])}
        onDone={() => {
          setAnswering([]);
          list.reload();
        }}
      />
    </Drawer>
  );
}
