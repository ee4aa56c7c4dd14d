import { Button, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { toastSuccess } from '../../api/client';
import { deleteExpertBooks, listExpertBooks, type ExpertBook } from '../../api/wordbook';
import ListView from '../../components/list/ListView';
import { requireTicked, useConfirmDanger } from '../../components/list/guards';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { IconAction } from '../../components/list/RowActions';
import { useList } from '../../components/list/useList';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { downloadBook, fileSize } from './book';

/** /expert_talents_result: the generated Word books, who made them, when, for which experts; download again or delete. */
const fields: SearchField[] = [
  { names: ['title'], labelKey: 'wordbook.bookTitle', kind: 'text' },
  { names: ['expert'], labelKey: 'wordbook.expert', kind: 'text' },
  { names: ['creator'], labelKey: 'wordbook.createdBy', kind: 'text' },
  { names: ['startTime', 'endTime'], labelKey: 'wordbook.timeRange', kind: 'dateRange', dateRange: true },
];

const MAX_NAMES = 3;

export default function ExpertBookListPage() {
  const { t } = useI18n();
  const list = useList(fields, listExpertBooks, { key: ['listExpertBooks'] });
  const { confirmDanger, holder } = useConfirmDanger();
  const remove = (ids: number[]) =>
    confirmDanger(async () => {
      await deleteExpertBooks(ids);
      toastSuccess();
      list.reload();
    });

  const columns: ListColumn<ExpertBook>[] = [
    { titleKey: 'wordbook.bookTitle', dataIndex: 'title', sortKey: 'title', clip: 240 },
    {
      titleKey: 'wordbook.experts',
      dataIndex: 'experts',
      render: (experts: ExpertBook['experts']) => (
        <Tooltip title={experts.map((e) => e.name).join('、')}>
          <Flex gap={4} wrap data-testid="book-experts">
            {experts.slice(0, MAX_NAMES).map((e, i) => (
              <Tag key={`${e.id}-${i}`}>{e.name}</Tag>
            ))}
            {experts.length > MAX_NAMES && <Tag>+{experts.length - MAX_NAMES}</Tag>}
          </Flex>
        </Tooltip>
      ),
    },
    { titleKey: 'wordbook.expertCount', dataIndex: 'expertCount', sortKey: 'expertCount', align: 'right' },
    { titleKey: 'wordbook.size', dataIndex: 'size', sortKey: 'size', align: 'right', render: (v: number) => fileSize(v) },
    {
      titleKey: 'wordbook.createdBy',
      dataIndex: 'createdBy',
      render: (_: string, r) => (
        <span>
          {r.createdBy}
          {r.creatorCode && <Typography.Text type="secondary"> ({r.creatorCode})</Typography.Text>}
        </span>
      ),
    },
    { titleKey: 'wordbook.createdAt', dataIndex: 'createdAt', sortKey: 'createdAt', width: 180, render: (v: string) => formatTime(v) },
    {
      titleKey: 'list.actions',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <IconAction label={t('wordbook.download')} icon={<DownloadOutlined />} testId={`book-download-${r.id}`} onClick={() => downloadBook(r.id)} />
          <IconAction label={t('list.delete')} icon={<DeleteOutlined />} danger testId={`book-delete-${r.id}`} onClick={() => remove([r.id])} />
        </Space>
      ),
    },
  ];

  return (
    <>
      {holder}
      <ListView
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        selectable
        actions={
          <Button
            danger
            icon={<DeleteOutlined />}
            data-testid="book-batch-delete"
            onClick={() => requireTicked(list.selectedKeys, true) && remove(list.selectedKeys.map(Number))}
          >
            {t('wordbook.batchDelete')}
          </Button>
        }
      />
    </>
  );
}
