import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, Button, Card, Col, Empty, Menu, Row, Select, Space, Table, Tag } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import type { RoleSummary, SysUser } from '../../api/admin';
import { useAllRoles, useAssignRole, useRemoveRole, useRoleMembers, useUserSearch } from '../../api/hooks/admin';
import { shownByClient } from '../../api/hooks/useWrite';
import { toast } from '../../api/client';
import { useConfirmDanger } from '../../components/list/guards';
import { t, useI18n } from '../../i18n';

const NO_ROLES: RoleSummary[] = [];
const NO_USERS: SysUser[] = [];

/** /roleusers: choose a role, see its members, add users found by search, remove members. */
export default function RoleUsersPage() {
  useI18n();
  const [search, setSearch] = useSearchParams();
  const roleId = Number(search.get('roleId')) || undefined;
  const roles = useAllRoles().data ?? NO_ROLES;
  const [current, setCurrent] = useState(1);
  const membersQuery = useRoleMembers(roleId, current);
  const members = roleId ? membersQuery.data : undefined;
  const loading = membersQuery.isFetching;
  const [keyword, setKeyword] = useState('');
  // a failed search shows no users (the client has shown why)
  const found = useUserSearch(keyword).data?.records ?? NO_USERS;
  const [picked, setPicked] = useState<number>();
  const { confirmDanger, holder } = useConfirmDanger();
  // membership writes refresh the members and the roles' counts (their queries are invalidated)
  const assign = useAssignRole();
  const unassign = useRemoveRole();

  const role = roles.find((r) => r.id === roleId);
  const changed = () => toast('success', t('msg.operationSuccessful'));
  const find = (k: string) => setKeyword(k.trim());
  const add = () => {
    if (!roleId || !picked) return;
    assign.mutate(
      { userId: picked, roleId },
      {
        onSuccess: () => {
          setPicked(undefined);
          setKeyword('');
          changed();
        },
      },
    );
  };
  const remove = (u: SysUser) => roleId && confirmDanger(() => unassign.mutateAsync({ userId: u.id, roleId }).then(changed, shownByClient));

  return (
    <>
      {holder}
      <Row gutter={16}>
        <Col xs={24} md={7} xl={5}>
          <Card title={t('role.pick')} size="small" variant="borderless" data-testid="role-picker">
            <Menu
              mode="inline"
              style={{ borderInlineEnd: 'none' }}
              selectedKeys={roleId ? [String(roleId)] : []}
              onClick={({ key }) => {
                setCurrent(1);
                setSearch({ roleId: key });
              }}
              items={roles.map((r) => ({
                key: String(r.id),
                label: (
                  <Space style={{ width: '100%', justifyContent: 'space-between' }} data-testid={`pick-role-${r.code}`}>
                    <span>{r.name}</span>
                    <Badge count={r.memberCount} showZero color="var(--bd-color-text-tertiary)" />
                  </Space>
                ),
              }))}
            />
          </Card>
        </Col>
        <Col xs={24} md={17} xl={19}>
          <Card
            title={role ? t('role.memberList', { name: role.name }) : t('list.dataList')}
            variant="borderless"
            data-testid="role-members"
            extra={
              role && (
                <Space.Compact>
                  <Select<number>
                    showSearch
                    allowClear
                    filterOption={false}
                    style={{ width: 280 }}
                    placeholder={t('role.searchUsers')}
                    value={picked}
                    onSearch={find}
                    onChange={setPicked}
                    data-testid="member-search"
                    notFoundContent={null}
                    options={found.map((u) => {
                      const inRole = u.roles.some((r) => r.id === roleId);
                      return {
                        value: u.id,
                        disabled: inRole,
                        label: `${u.userName} (${u.loginCode})${inRole ? ` · ${t('role.inRole')}` : ''}`,
                      };
                    })}
                  />
                  <Button type="primary" icon={<UserAddOutlined />} disabled={!picked} onClick={add} data-testid="member-add">
                    {t('role.addToRole')}
                  </Button>
                </Space.Compact>
              )
            }
          >
            {!role ? (
              <Empty description={t('role.pickFirst')} />
            ) : (
              <Table<SysUser>
                size="middle"
                rowKey="id"
                loading={loading}
                dataSource={members?.records ?? []}
                locale={{ emptyText: t('role.noMembers') }}
                pagination={{
                  current,
                  pageSize: 10,
                  total: members?.total ?? 0,
                  showTotal: (total) => t('list.total', { total }),
                  onChange: setCurrent,
                }}
                columns={[
                  { title: t('user.loginCode'), dataIndex: 'loginCode' },
                  { title: t('user.userName'), dataIndex: 'userName' },
                  { title: t('user.unit'), dataIndex: 'unitName' },
                  {
                    title: t('user.roles'),
                    dataIndex: 'roles',
                    render: (_: unknown, u) => u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>),
                  },
                  {
                    title: t('list.actions'),
                    key: 'actions',
                    render: (_: unknown, u) => (
                      <Button type="link" size="small" danger onClick={() => remove(u)} data-testid={`member-remove-${u.loginCode}`}>
                        {t('role.removeMember')}
                      </Button>
                    ),
                  },
                ]}
              />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
