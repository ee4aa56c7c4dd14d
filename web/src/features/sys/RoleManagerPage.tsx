import { useMemo, useState, type Key, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Empty, Menu, Row, Space, Spin, Table, Tag, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { SaveOutlined } from '@ant-design/icons';
import type { RoleGrants, RoleSummary } from '../../api/admin';
import type { ResourceRef } from '../../api/access';
import { useAllRoles, useMenuTree, useRoleGrants, useSaveRoleGrants } from '../../api/hooks/admin';
import { useResources } from '../../api/hooks/access';
import { toast } from '../../api/client';
import type { SysMenu } from '../../api/types';
import { t, useI18n } from '../../i18n';
import { editorCodes, FUN_KEY, grantsToSave, lockedKeys, MENU_KEY, tickedKeys } from './grants';
import { useSession } from '../../lib/session';
import { openedBy } from './accessTree';
import RoleDataScopeCard from './RoleDataScopeCard';

const M = MENU_KEY;
const F = FUN_KEY;
const OTHER = 'other-functions';

/** The checkable tree: each menu, with its function codes as leaves below it; functions of no menu in their own group. */
function buildTree(menus: SysMenu[], functions: RoleGrants['functions']): DataNode[] {
  const byMenu = new Map<string, RoleGrants['functions']>();
  for (const f of functions) byMenu.set(f.menuCode, [...(byMenu.get(f.menuCode) ?? []), f]);
  const fnNode = (f: RoleGrants['functions'][number]): DataNode => ({
    key: F + f.code,
    title: (
      <span data-testid={`grant-fn-${f.code}`}>
        <Tag color="blue">{f.code}</Tag>
        {f.name}
      </span>
    ),
    isLeaf: true,
  });
  const walk = (ms: SysMenu[]): DataNode[] =>
    ms.map((m) => ({
      key: M + m.code,
      title: (
        <span data-testid={`grant-menu-${m.code}`}>
          {m.name}
          {(byMenu.get(m.code) ?? []).map((f) => (
            <Tag key={f.code} bordered={false} style={{ marginInlineStart: 8 }}>
              {f.code}
            </Tag>
          ))}
        </span>
      ),
      children: [...walk(m.subMenus ?? []), ...(byMenu.get(m.code) ?? []).map(fnNode)],
    }));
  const nodes = walk(menus);
  const loose = byMenu.get('') ?? [];
  if (loose.length) nodes.push({ key: OTHER, title: t('role.otherFunctions'), children: loose.map(fnNode) });
  return nodes;
}

/**
 * The tree with what the editor may not grant disabled (the server refuses it too: the grant rule), each such node
 * saying why. A disabled checkbox is also left out when its menu above is ticked.
 */
function lockTree(nodes: DataNode[], locked: Set<string>): DataNode[] {
  return nodes.map((n) => {
    const children = n.children && lockTree(n.children, locked);
    if (!locked.has(String(n.key))) return { ...n, children };
    return {
      ...n,
      children,
      disableCheckbox: true,
      title: (
        <Tooltip title={t('role.notHeld')}>
          <span data-testid={`grant-locked-${String(n.key)}`}>{n.title as ReactNode}</span>
        </Tooltip>
      ),
    };
  });
}

const NO_ROLES: RoleSummary[] = [];
const NO_MENUS: SysMenu[] = [];
const NO_RESOURCES: ResourceRef[] = [];

/** /rolemanager: which menus and function codes each role is granted. */
export default function RoleManagerPage() {
  useI18n();
  const [search, setSearch] = useSearchParams();
  const roleId = Number(search.get('roleId')) || undefined;
  const roles = useAllRoles().data ?? NO_ROLES;
  const menus = useMenuTree().data ?? NO_MENUS;
  const resources = useResources().data ?? NO_RESOURCES;
  const grantsQuery = useRoleGrants(roleId);
  const grants = roleId ? grantsQuery.data : undefined;
  const [checked, setChecked] = useState<Key[]>([]);
  const [half, setHalf] = useState<Key[]>([]);
  const saveGrants = useSaveRoleGrants();
  // the role's grants as fetched are what the tree starts from; the ticks are the user's edits of them
  const [ticksOf, setTicksOf] = useState<RoleGrants>();
  if (grants && ticksOf !== grants) {
    setTicksOf(grants);
    // Function leaves carry the state; the tree derives its menus (a menu with no function of its own counts too).
    setChecked(tickedKeys(grants.menuCodes, grants.funCodes, grants.functions));
    setHalf([]);
  }
  const loading = grantsQuery.isFetching;

  const session = useSession();
  const tree = useMemo(() => buildTree(menus, grants?.functions ?? []), [menus, grants]);
  // what the editor does not hold, and the role does not carry already, cannot be ticked
  const shownTree = useMemo(
    () => lockTree(tree, lockedKeys(tree, editorCodes(session), { menuCodes: grants?.menuCodes ?? [], funCodes: grants?.funCodes ?? [] })),
    [tree, session, grants],
  );
  const allKeys = useMemo(() => {
    const out: Key[] = [];
    // Groups open; a menu's own function codes stay folded under it (its title shows them).
    const isGroup = (n: DataNode) => n.key === OTHER || (n.children ?? []).some((c) => String(c.key).startsWith(M));
    const walk = (ns: DataNode[]) => ns.forEach((n) => (isGroup(n) ? (out.push(n.key), walk(n.children ?? [])) : undefined));
    walk(tree);
    return out;
  }, [tree]);

  const save = () => {
    if (!roleId) return;
    const { menuCodes, funCodes } = grantsToSave(tree, [...checked, ...half]);
    saveGrants.mutate({ roleId, menuCodes, funCodes }, { onSuccess: () => toast('success', t('msg.operationSuccessful')) });
  };

  const role = roles.find((r) => r.id === roleId);
  // Resources are granted through function codes: what the ticked codes open, as the guard would decide now.
  const opened = useMemo(() => openedBy(resources, grantsToSave(tree, [...checked, ...half]).funCodes), [resources, tree, checked, half]);
  return (
    <Row gutter={16}>
      <Col xs={24} md={7} xl={5}>
        <Card title={t('role.pick')} size="small" variant="borderless" data-testid="role-picker">
          <Menu
            mode="inline"
            style={{ borderInlineEnd: 'none' }}
            selectedKeys={roleId ? [String(roleId)] : []}
            onClick={({ key }) => setSearch({ roleId: key })}
            items={roles.map((r) => ({ key: String(r.id), label: <span data-testid={`pick-role-${r.code}`}>{r.name}</span> }))}
          />
        </Card>
      </Col>
      <Col xs={24} md={17} xl={19}>
        <Card
          title={role ? `${role.name} · ${t('role.menusAndFunctions')}` : t('role.menusAndFunctions')}
          variant="borderless"
          data-testid="role-grants"
          extra={
            role && (
              <Button type="primary" icon={<SaveOutlined />} loading={saveGrants.isPending} onClick={save} data-testid="grants-save">
                {t('role.save')}
              </Button>
            )
          }
        >
          {!role ? (
            <Empty description={t('role.pickFirst')} />
          ) : (
            <Spin spinning={loading}>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                message={t('role.grantsHint') + (role.code === 'sysadmin' ? ' ' + t('role.sysadminHint') : '')}
              />
              {grants && grants.roleId === roleId && (
                <Tree
                  checkable
                  selectable={false}
                  treeData={shownTree}
                  checkedKeys={checked}
                  defaultExpandedKeys={allKeys}
                  key={roleId}
                  onCheck={(keys, info) => {
                    setChecked(Array.isArray(keys) ? keys : keys.checked);
                    setHalf(info.halfCheckedKeys ?? []);
                  }}
                  data-testid="grants-tree"
                />
              )}
            </Spin>
          )}
        </Card>
        {role && grants?.roleId === roleId && <OpenedResources opened={opened} />}
        {role && <RoleDataScopeCard roleId={roleId} />}
      </Col>
    </Row>
  );
}

/** Read-only: the API calls the ticked function codes open (each resource needs any one of its codes). */
function OpenedResources({ opened }: { opened: (ResourceRef & { via: string[] })[] }) {
  return (
    <Card
      variant="borderless"
      style={{ marginTop: 16 }}
      title={t('role.resourcesOpened', { n: opened.length })}
      extra={<Typography.Text type="secondary">{t('role.resourcesHint')}</Typography.Text>}
      data-testid="grants-resources"
    >
      <Table<ResourceRef & { via: string[] }>
        size="small"
        rowKey={(r) => `${r.method} ${r.path}`}
        dataSource={opened}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('res.method'), dataIndex: 'method', width: 80, render: (m: string) => <Tag style={{ fontFamily: 'monospace' }}>{m}</Tag> },
          { title: t('res.path'), dataIndex: 'path', render: (p: string) => <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{p}</Typography.Text> },
          {
            title: t('res.name'),
            dataIndex: 'name',
            render: (v: string) => (
              <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 320 }}>
                {v}
              </Typography.Text>
            ),
          },
          {
            title: t('role.resourceVia'),
            dataIndex: 'via',
            render: (via: string[]) => (
              <Space size={[4, 4]} wrap>
                {via.map((c) => (
                  <Tag key={c} color="blue">
                    {c}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
