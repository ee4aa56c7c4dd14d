import { useState } from 'react';
import { Button, Space, Switch, Tag, Typography } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { changeUserState, deleteUsers, EXPORTS, listUsers, type SysUser } from '../../api/admin';
import { toast } from '../../api/client';
import OrgTreeSelect from '../../components/OrgTreeSelect';
import ListView from '../../components/list/ListView';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { requireTicked, useConfirmDanger } from '../../components/list/guards';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { getSession } from '../../lib/session';
import ResetPasswordDialog from './ResetPasswordDialog';
import UserFormDialog from './UserFormDialog';

const fields: SearchField[] = [
  { names: ['userName'], labelKey: 'user.userName', kind: 'text' },
  { names: ['loginCode'], labelKey: 'user.loginCode', kind: 'text' },
  {
    names: ['unitCode'],
    uiOnly: ['unitName'],
    labelKey: 'user.unit',
    kind: 'custom',
    render: (p) => <OrgTreeSelect anyNode testId="search-unitCode" value={p.value} label={p.label} onChange={p.onChange} />,
  },
  {
    names: ['state'],
    labelKey: 'user.state',
    kind: 'select',
    options: [
      { value: '1', labelKey: 'user.state.available' },
      { value: '0', labelKey: 'user.state.disabled' },
    ],
  },
];

/** /sysuser: staff accounts. */
export default function SysUserPage() {
  useI18n();
  const list = useList(fields, listUsers);
  const { confirmDanger, holder } = useConfirmDanger();
  const [editing, setEditing] = useState<{ user?: SysUser } | null>(null);
  const [resetting, setResetting] = useState<SysUser>();
  const self = getSession()?.userId;

  const done = () => {
    toast('success', t('msg.operationSuccessful'));
    list.reload();
  };
  const setState = (ids: number[], state: 0 | 1) => changeUserState(ids, state).then(done, () => list.reload());
  const ticked = () => list.selectedKeys.map(Number);
  const remove = (ids: number[]) => confirmDanger(() => deleteUsers(ids).then(done, () => undefined));

  const columns: ListColumn<SysUser>[] = [
    { titleKey: 'user.loginCode', dataIndex: 'loginCode', sortKey: 'loginCode', fixed: 'left' },
    {
      titleKey: 'user.userName',
      dataIndex: 'userName',
      sortKey: 'userName',
      render: (v: string, u) => (u.id === self ? <>{v} <Typography.Text type="secondary">{t('user.self')}</Typography.Text></> : v),
    },
    { titleKey: 'user.unit', dataIndex: 'unitName', sortKey: 'unitName' },
    { titleKey: 'user.phone', dataIndex: 'phone' },
    { titleKey: 'user.email', dataIndex: 'email' },
    {
      titleKey: 'user.roles',
      dataIndex: 'roles',
      render: (_: unknown, u) => u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>),
    },
    {
      titleKey: 'user.state',
      dataIndex: 'state',
      sortKey: 'state',
      render: (v: number, u) => (
        <Space size={6}>
          <Switch
            size="small"
            checked={v !== 0}
            disabled={u.id === self}
            data-testid={`state-${u.loginCode}`}
            onChange={(on) => void setState([u.id], on ? 1 : 0)}
          />
          <span>{v === 0 ? t('user.state.disabled') : t('user.state.available')}</span>
        </Space>
      ),
    },
    { titleKey: 'user.lastLoginAt', dataIndex: 'lastLoginAt', sortKey: 'lastLoginAt', render: (v: string | null) => formatTime(v) },
    {
      titleKey: 'list.actions',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, u) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ user: u })} data-testid={`edit-${u.loginCode}`}>
            {t('user.edit')}
          </Button>
          <Button type="link" size="small" disabled={u.id === self} onClick={() => setResetting(u)} data-testid={`reset-${u.loginCode}`}>
            {t('user.resetPwd')}
          </Button>
          <Button type="link" size="small" danger disabled={u.id === self} onClick={() => remove([u.id])} data-testid={`delete-${u.loginCode}`}>
            {t('user.delete')}
          </Button>
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
        canSelect={(u) => u.id !== self}
        exportPath={EXPORTS.users}
        actions={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="user-add">
              {t('user.add')}
            </Button>
            <Button icon={<CheckCircleOutlined />} onClick={() => requireTicked(list.selectedKeys) && void setState(ticked(), 1)} data-testid="user-enable">
              {t('user.enable')}
            </Button>
            <Button icon={<StopOutlined />} onClick={() => requireTicked(list.selectedKeys) && void setState(ticked(), 0)} data-testid="user-disable">
              {t('user.disable')}
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={() => requireTicked(list.selectedKeys, true) && remove(ticked())} data-testid="user-delete">
              {t('user.delete')}
            </Button>
          </>
        }
      />
      <UserFormDialog
        open={!!editing}
        user={editing?.user}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} />
    </>
  );
}
