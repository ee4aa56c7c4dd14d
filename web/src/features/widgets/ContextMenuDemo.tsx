import { useState, type HTMLAttributes } from 'react';
import { Button, Dropdown, Table, Tag, Typography, type MenuProps } from 'antd';
import { DeleteOutlined, EyeOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import { requireTicked, useConfirmDanger } from '../../components/list/guards';
import { t, useI18n } from '../../i18n';
import { DEMO_DOCS, type DemoDoc } from './demoData';

/**
 * Right-click a row for its menu: view, star or unstar, delete (after 'This operation cannot be undone,
 * continue?'). The batch delete with nothing ticked says 'Please tick the items to delete first'.
 */
export default function ContextMenuDemo() {
  useI18n();
  const [rows, setRows] = useState<DemoDoc[]>(DEMO_DOCS);
  const [ticked, setTicked] = useState<number[]>([]);
  const [last, setLast] = useState<string>();
  const { confirmDanger, holder } = useConfirmDanger();

  const remove = (ids: number[]) =>
    confirmDanger(() => {
      setRows((list) => list.filter((r) => !ids.includes(r.id)));
      setTicked([]);
      setLast(t('widgets.ctx.deleted', { n: ids.length }));
      toast('success', t('msg.operationSuccessful'));
    });

  const menu = (row: DemoDoc): MenuProps => ({
    items: [
      { key: 'view', icon: <EyeOutlined />, label: t('widgets.ctx.view') },
      { key: 'star', icon: row.starred ? <StarOutlined /> : <StarFilled />, label: t(row.starred ? 'widgets.ctx.unstar' : 'widgets.ctx.star') },
      { type: 'divider' },
      { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('widgets.ctx.delete') },
    ],
    onClick: ({ key }) => {
      if (key === 'view') setLast(t('widgets.ctx.viewing', { name: row.name }));
      if (key === 'star') {
        setRows((list) => list.map((r) => (r.id === row.id ? { ...r, starred: !r.starred } : r)));
        setLast(t(row.starred ? 'widgets.ctx.unstarred' : 'widgets.ctx.starred', { name: row.name }));
      }
      if (key === 'delete') remove([row.id]);
    },
  });

  return (
    <>
      {holder}
      <Typography.Paragraph type="secondary">{t('widgets.ctx.hint')}</Typography.Paragraph>
      <Table<DemoDoc>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        data-testid="ctx-table"
        rowSelection={{ selectedRowKeys: ticked, onChange: (keys) => setTicked(keys.map(Number)) }}
        components={{
          body: {
            row: (props: { 'data-row-key'?: number } & HTMLAttributes<HTMLTableRowElement>) => {
              const row = rows.find((r) => r.id === props['data-row-key']);
              return row ? (
                <Dropdown menu={menu(row)} trigger={['contextMenu']}>
                  <tr {...props} />
                </Dropdown>
              ) : (
                <tr {...props} />
              );
            },
          },
        }}
        columns={[
          {
            title: t('widgets.ctx.name'),
            dataIndex: 'name',
            render: (name: string, r) => (
              <span>
                {r.starred && <StarFilled style={{ color: 'var(--bd-color-warning)', marginRight: 6 }} data-testid={`ctx-star-${r.id}`} />}
                {name}
              </span>
            ),
          },
          { title: t('widgets.ctx.owner'), dataIndex: 'owner', width: 100, render: (o: string) => <Tag>{o}</Tag> },
        ]}
      />
      <Button danger icon={<DeleteOutlined />} style={{ marginTop: 12 }} data-testid="ctx-batch-delete" onClick={() => requireTicked(ticked, true) && remove(ticked)}>
        {t('widgets.ctx.batchDelete')}
      </Button>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        {t('widgets.ctx.last')}: <Typography.Text data-testid="ctx-last">{last ?? '—'}</Typography.Text>
      </Typography.Text>
    </>
  );
}
