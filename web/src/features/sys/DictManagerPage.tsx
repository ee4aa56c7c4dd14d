import { useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Row, Space, Switch, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import {
  changeDictEnable,
  deleteDict,
  DICT_EXPORTS,
  listDictGroups,
  reloadDictCache,
  type DictRow,
} from '../../api/dict';
import { toast } from '../../api/client';
import { shownByClient, useTouch } from '../../api/hooks/useWrite';
import { dictKeys, useDictItems } from '../../api/hooks/dict';
import DictSelect from '../../components/DictSelect';
import ExportButton, { openExport } from '../../components/list/ExportButton';
import SearchCard, { type SearchField } from '../../components/list/SearchCard';
import { IconAction } from '../../components/list/RowActions';
import TableCard, { type ListColumn } from '../../components/list/TableCard';
import { filterParams } from '../../components/list/query';
import { requireTicked, useConfirmDanger } from '../../components/list/guards';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { storeDictData } from '../../lib/session';
import DictFormDialog from './DictFormDialog';

/** The groups' search: keywords (key or code), and the enabled state. */
const fields: SearchField[] = [
  { names: ['keywords'], labelKey: 'dict.keywords', kind: 'text' },
  {
    names: ['enabled'],
    labelKey: 'dict.enabled',
    kind: 'select',
    options: [
      { value: '1', labelKey: 'dict.enabled.on' },
      { value: '0', labelKey: 'dict.enabled.off' },
    ],
  },
];

type Editing = { parentId: number; row?: DictRow } | null;

const NO_ITEMS: DictRow[] = [];

/** /dict_manager: the dictionaries on the left, the chosen dictionary's items on the right. */
export default function DictManagerPage() {
  useI18n();
  const list = useList(fields, listDictGroups, { key: ['listDictGroups'] });
  const { confirmDanger, holder } = useConfirmDanger();
  const [group, setGroup] = useState<DictRow>();
  const chosenItems = useDictItems(group?.id);
  // a failure (shown by the client) shows no items
  const items = chosenItems.data ?? NO_ITEMS;
  const itemsLoading = chosenItems.isFetching;
  const [ticked, setTicked] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [preview, setPreview] = useState<string | number>();

  // the ticks start afresh with each dictionary chosen
  const [tickedIn, setTickedIn] = useState(group?.id);
  if (tickedIn !== group?.id) {
    setTickedIn(group?.id);
    setTicked([]);
  }
  const touch = useTouch();
  // keep the chosen group's row fresh after a list reload
  useEffect(() => {
    const fresh = list.data?.records.find((r) => r.id === group?.id);
    if (fresh && (fresh.key !== group?.key || fresh.value !== group?.value || fresh.enabled !== group?.enabled)) setGroup(fresh);
  }, [list.data, group]);

  const done = () => {
    toast('success', t('msg.operationSuccessful'));
    list.reload();
    setTicked([]);
    // the items shown here and in every dictionary select
    touch(dictKeys.all, ['dictItem']);
  };
  const setEnabled = (row: DictRow, on: boolean) => changeDictEnable(row.id, on ? 1 : 0).then(done, () => list.reload());
  const remove = (ids: number[], isGroup: boolean) =>
    confirmDanger(() =>
      deleteDict(ids).then(() => {
        if (isGroup && group && ids.includes(group.id)) setGroup(undefined);
        done();
      }, shownByClient),
    );
  const refreshCache = async () => {
    setRefreshing(true);
    try {
      storeDictData(await reloadDictCache());
      toast('success', t('msg.cacheRefreshed'));
    } catch {
      /* the client has shown the error */
    } finally {
      setRefreshing(false);
    }
  };

  // the switch says On/Off (English 'Enabled'/'Disabled' would widen the dictionaries' table past its half of the screen)
  const enabledSwitch = (row: DictRow, testId: string) => (
    <Switch
      checked={row.enabled === 1}
      checkedChildren={t('dict.switch.on')}
      unCheckedChildren={t('dict.switch.off')}
      onChange={(on) => void setEnabled(row, on)}
      data-testid={testId}
    />
  );

  const groupColumns: ListColumn<DictRow>[] = [
    {
      titleKey: 'dict.groupKey',
      dataIndex: 'key',
      sortKey: 'key',
      render: (v: string, g) => (
        <Typography.Link onClick={() => setGroup(g)} strong={g.id === group?.id} data-testid={`dict-group-${g.value}`}>
          {v}
        </Typography.Link>
      ),
    },
    { titleKey: 'dict.groupCode', dataIndex: 'value', sortKey: 'value' },
    { titleKey: 'dict.itemCount', dataIndex: 'itemCount', width: 64 },
    { titleKey: 'dict.enabled', dataIndex: 'enabled', render: (_: number, g) => enabledSwitch(g, `dict-group-enabled-${g.value}`) },
    { titleKey: 'dict.sort', dataIndex: 'sort', sortKey: 'sort', width: 84 },
    {
      titleKey: 'list.actions',
      key: 'actions',
      render: (_: unknown, g) => (
        <Space size={0}>
          <IconAction label={t('dict.edit')} icon={<EditOutlined />} onClick={() => setEditing({ parentId: 0, row: g })} testId={`dict-group-edit-${g.value}`} />
          <IconAction label={t('dict.delete')} icon={<DeleteOutlined />} danger onClick={() => remove([g.id], true)} testId={`dict-group-delete-${g.value}`} />
        </Space>
      ),
    },
  ];

  const itemColumns = [
    { title: t('dict.itemKey'), dataIndex: 'key', key: 'key' },
    { title: t('dict.itemValue'), dataIndex: 'value', key: 'value' },
    {
      title: t('dict.isDefault'),
      dataIndex: 'isDefault',
      key: 'isDefault',
      render: (v: number) => (v === 1 ? <Tag color="blue">{t('dict.default')}</Tag> : null),
    },
    { title: t('dict.enabled'), dataIndex: 'enabled', key: 'enabled', render: (_: number, r: DictRow) => enabledSwitch(r, `dict-item-enabled-${r.value}`) },
    { title: t('dict.sort'), dataIndex: 'sort', key: 'sort', width: 70 },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_: unknown, r: DictRow) => (
        <Space size={0}>
          <IconAction label={t('dict.edit')} icon={<EditOutlined />} onClick={() => group && setEditing({ parentId: group.id, row: r })} testId={`dict-item-edit-${r.value}`} />
          <IconAction label={t('dict.delete')} icon={<DeleteOutlined />} danger onClick={() => remove([r.id], false)} testId={`dict-item-delete-${r.value}`} />
        </Space>
      ),
    },
  ];

  return (
    <>
      {holder}
      <SearchCard fields={fields} values={list.state.filters} onSearch={list.search} onReset={list.reset} />
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <TableCard<DictRow>
            list={list}
            columns={groupColumns}
            rowKey="id"
            actions={
              <>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: 0 })} data-testid="dict-group-add">
                  {t('dict.addGroup')}
                </Button>
                <Button icon={<SyncOutlined />} loading={refreshing} onClick={() => void refreshCache()} data-testid="dict-refresh-cache">
                  {t('dict.refreshCache')}
                </Button>
                <ExportButton path={DICT_EXPORTS.groups} params={filterParams(list.state, fields)} />
              </>
            }
          />
        </Col>
        <Col xs={24} xl={12}>
          <Card
            variant="borderless"
            style={{ marginTop: 16 }}
            title={group ? t('dict.itemsOf', { name: group.key }) : t('dict.items')}
            data-testid="dict-items-card"
            extra={
              group && (
                <Space wrap>
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: group.id })} data-testid="dict-item-add">
                    {t('dict.addItem')}
                  </Button>
                  <Button danger icon={<DeleteOutlined />} onClick={() => requireTicked(ticked, true) && remove(ticked, false)} data-testid="dict-item-delete">
                    {t('dict.delete')}
                  </Button>
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={() => void openExport(DICT_EXPORTS.items, { pid: String(group.id) }).catch(shownByClient)}
                    data-testid="dict-item-export"
                  >
                    {t('dict.exportItems')}
                  </Button>
                </Space>
              )
            }
          >
            {group ? (
              <>
                <Table<DictRow>
                  size="middle"
                  rowKey="id"
                  loading={itemsLoading}
                  columns={itemColumns}
                  dataSource={items}
                  pagination={false}
                  rowSelection={{ selectedRowKeys: ticked, onChange: (keys) => setTicked(keys.map(Number)) }}
                  data-testid="dict-items"
                />
                <Space style={{ marginTop: 16 }} wrap>
                  <Typography.Text type="secondary">{t('dict.preview')}</Typography.Text>
                  <DictSelect
                    key={group.value}
                    dictKey={group.value}
                    value={preview}
                    onChange={setPreview}
                    placeholder={t('dict.previewPlaceholder')}
                    testId="dict-preview"
                    style={{ minWidth: 220 }}
                  />
                </Space>
              </>
            ) : (
              <Empty description={t('dict.chooseGroup')} />
            )}
          </Card>
        </Col>
      </Row>
      <DictFormDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          done();
        }}
      />
    </>
  );
}
