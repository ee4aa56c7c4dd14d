import { useEffect, useMemo, useState, type Key } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, InputNumber, Row, Space, Spin, Switch, Table, Tag, Tree, Typography } from 'antd';
import type { DataNode, TreeProps } from 'antd/es/tree';
import { EyeInvisibleOutlined, PlusOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { ACCESS_EXPORTS, changeMenuVisible, deleteMenu, moveMenu, sortMenus, type MenuNode } from '../../api/access';
import { session } from '../../api/auth';
import { toast } from '../../api/client';
import { useMenuList } from '../../api/hooks/access';
import { menuKeys } from '../../api/hooks/admin';
import { useTouch } from '../../api/hooks/useWrite';
import { iconFor } from '../../components/icons';
import ExportButton from '../../components/list/ExportButton';
import { useConfirmDanger } from '../../components/list/guards';
import { t, useI18n } from '../../i18n';
import { saveLogin } from '../../lib/session';
import { ancestorIds, changedOrders, locate, moveOf, sideOf } from './accessTree';
import MenuFormDialog, { SORT_MAX, type MenuTarget } from './MenuFormDialog';

/** After a change the signed-in administrator's own side menu follows at once (others' at their next session read). */
async function refreshOwnMenus() {
  try {
    saveLogin(await session({ silent: true }));
  } catch {
    /* the next sign-in shows it */
  }
}

function toTreeData(menus: MenuNode[]): DataNode[] {
  return menus.map((m) => ({
    key: m.id,
    title: (
      <span data-testid={`menu-node-${m.code}`} style={m.visible ? undefined : { color: 'var(--bd-color-text-tertiary)' }}>
        {m.name}
        <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
          {m.code}
        </Typography.Text>
        {!m.visible && <EyeInvisibleOutlined style={{ marginInlineStart: 6 }} aria-label={t('menu.hidden')} />}
      </span>
    ),
    icon: iconFor(m.icon),
    children: toTreeData(m.children),
  }));
}

const NO_MENUS: MenuNode[] = [];

/** /menusmanager: the menu tree (drag and drop to move), the chosen menu's children with order numbers and visibility. */
export default function MenusManagerPage() {
  useI18n();
  const { confirmDanger, holder } = useConfirmDanger();
  const menus = useMenuList();
  const tree = menus.data ?? NO_MENUS;
  const loading = menus.isFetching;
  const [selected, setSelected] = useState<number>();
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [orders, setOrders] = useState<Record<number, number | null>>({});
  const [editing, setEditing] = useState<MenuTarget>(null);
  const [busy, setBusy] = useState(false);

  // the order numbers typed start afresh with each tree the server answers
  const [ordersOf, setOrdersOf] = useState(menus.data);
  if (ordersOf !== menus.data) {
    setOrdersOf(menus.data);
    setOrders({});
  }
  // the menus as the server has them: this tree, the roles' menu tree, the function manager's
  const touch = useTouch();
  const load = () => touch(menuKeys.all);

  const changed = () => {
    toast('success', t('msg.operationSuccessful'));
    void load();
    void refreshOwnMenus();
  };
  // A refused change (the client has shown why) leaves the screen as the server has it.
  const refused = () => void load();

  // The chosen menu is always in view in the tree.
  useEffect(() => {
    if (!selected) return;
    const up = ancestorIds(tree, selected);
    if (up.length) setExpanded((keys) => [...new Set([...keys, ...up])]);
  }, [selected, tree]);

  const found = selected ? locate(tree, selected) : undefined;
  const current = found?.node;
  const rows = current ? current.children : tree;
  const treeData = useMemo(() => toTreeData(tree), [tree]);
  const edited = changedOrders(rows, orders);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const move = moveOf(tree, {
      dragId: Number(info.dragNode.key),
      targetId: Number(info.node.key),
      toGap: info.dropToGap,
      side: info.dropToGap ? sideOf(info.dropPosition, info.node.pos) : 0,
    });
    if (!move) return;
    setBusy(true);
    moveMenu(move.id, move.parentId, move.index)
      .then(changed, refused)
      .finally(() => setBusy(false));
    if (move.parentId) setExpanded((keys) => (keys.includes(move.parentId) ? keys : [...keys, move.parentId]));
  };

  const setVisible = (m: MenuNode, on: boolean) => changeMenuVisible(m.id, on ? 1 : 0).then(changed, refused);
  const remove = (m: MenuNode) =>
    confirmDanger(() =>
      deleteMenu(m.id).then(() => {
        if (m.id === selected) setSelected(found?.parent?.id);
        changed();
      }, refused),
    );
  const saveOrders = () => {
    setBusy(true);
    sortMenus(edited)
      .then(changed, refused)
      .finally(() => setBusy(false));
  };

  const visibleSwitch = (m: MenuNode) => (
    <Switch
      size="small"
      checked={m.visible === 1}
      checkedChildren={t('menu.shown')}
      unCheckedChildren={t('menu.hidden')}
      onChange={(on) => void setVisible(m, on)}
      data-testid={`menu-visible-${m.code}`}
    />
  );
  const actions = (m: MenuNode) => (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => setEditing({ menu: m })} data-testid={`menu-edit-${m.code}`}>
        {t('menu.edit')}
      </Button>
      <Button type="link" size="small" danger onClick={() => remove(m)} data-testid={`menu-delete-${m.code}`}>
        {t('menu.delete')}
      </Button>
    </Space>
  );

  const columns = [
    {
      title: t('menu.name'),
      dataIndex: 'name',
      key: 'name',
      render: (v: string, m: MenuNode) => (
        <Space size={6}>
          {iconFor(m.icon)}
          <Typography.Link onClick={() => setSelected(m.id)}>{v}</Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.code}
          </Typography.Text>
          {m.children.length > 0 && <Tag bordered={false}>{t('menu.childCount', { n: m.children.length })}</Tag>}
        </Space>
      ),
    },
    { title: t('menu.path'), dataIndex: 'path', key: 'path', render: (v: string) => v || <Typography.Text type="secondary">{t('menu.group')}</Typography.Text> },
    {
      title: t('menu.sort'),
      dataIndex: 'sort',
      key: 'sort',
      width: 120,
      render: (v: number, m: MenuNode) => (
        <InputNumber
          size="small"
          precision={0}
          min={0}
          max={SORT_MAX}
          value={orders[m.id] === undefined ? v : orders[m.id]}
          onChange={(n) => setOrders((o) => ({ ...o, [m.id]: n }))}
          style={{ width: 96 }}
          data-testid={`menu-sort-${m.code}`}
        />
      ),
    },
    { title: t('menu.visible'), dataIndex: 'visible', key: 'visible', render: (_: number, m: MenuNode) => visibleSwitch(m) },
    { title: t('list.actions'), key: 'actions', render: (_: unknown, m: MenuNode) => actions(m) },
  ];

  return (
    <>
      {holder}
      <Row gutter={16}>
        <Col xs={24} lg={8} xxl={6}>
          <Card
            title={t('menu.tree')}
            variant="borderless"
            data-testid="menu-tree-card"
            extra={
              <Space size={4}>
                <Button size="small" icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('menu.reload')} />
                <ExportButton path={ACCESS_EXPORTS.menus} params={{}} />
              </Space>
            }
          >
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('menu.dragHint')}
            </Typography.Paragraph>
            <Spin spinning={loading || busy}>
              {tree.length > 0 && (
                <Tree
                  draggable={{ icon: false }}
                  blockNode
                  showIcon
                  treeData={treeData}
                  selectedKeys={selected ? [selected] : []}
                  expandedKeys={expanded}
                  onExpand={(keys) => setExpanded(keys)}
                  onSelect={(keys) => setSelected(keys.length ? Number(keys[0]) : undefined)}
                  onDrop={onDrop}
                  data-testid="menu-tree"
                />
              )}
            </Spin>
          </Card>
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          {current && (
            <Card
              variant="borderless"
              style={{ marginBottom: 16 }}
              title={
                <Space>
                  {iconFor(current.icon)}
                  {current.name}
                  {!current.visible && <Tag>{t('menu.hidden')}</Tag>}
                </Space>
              }
              extra={
                <Space>
                  {visibleSwitch(current)}
                  {actions(current)}
                </Space>
              }
              data-testid="menu-detail"
            >
              <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
                <Descriptions.Item label={t('menu.code')}>{current.code}</Descriptions.Item>
                <Descriptions.Item label={t('menu.path')}>{current.path || t('menu.group')}</Descriptions.Item>
                <Descriptions.Item label={t('menu.parent')}>{found?.parent?.name ?? t('menu.topLevel')}</Descriptions.Item>
                <Descriptions.Item label={t('menu.sort')}>{current.sort}</Descriptions.Item>
              </Descriptions>
            </Card>
          )}
          <Card
            variant="borderless"
            title={current ? t('menu.childrenOf', { name: current.name }) : t('menu.topLevelMenus')}
            data-testid="menu-children"
            extra={
              <Space wrap>
                {current && (
                  <Button onClick={() => setSelected(found?.parent?.id)} data-testid="menu-up">
                    {t('menu.up')}
                  </Button>
                )}
                <Button icon={<PlusOutlined />} type="primary" onClick={() => setEditing({ parent: current })} data-testid="menu-add">
                  {t(current ? 'menu.addChild' : 'menu.addTop')}
                </Button>
                <Button icon={<SaveOutlined />} disabled={edited.length === 0} loading={busy} onClick={saveOrders} data-testid="menu-save-order">
                  {t('menu.saveOrder')}
                </Button>
              </Space>
            }
          >
            {edited.length > 0 && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('menu.unsavedOrder', { n: edited.length })} />}
            {rows.length > 0 || loading ? (
              <Table<MenuNode> size="middle" rowKey="id" columns={columns} dataSource={rows} pagination={false} loading={loading} scroll={{ x: 'max-content' }}
                expandable={{ childrenColumnName: 'noNesting' }} data-testid="menu-rows" />
            ) : (
              <Empty description={t('menu.noChildren')} />
            )}
          </Card>
        </Col>
      </Row>
      <MenuFormDialog
        target={editing}
        tree={tree}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void load();
          void refreshOwnMenus();
        }}
      />
    </>
  );
}
