import { lazy, Suspense, useState } from 'react';
import { Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { IconAction } from '../../components/list/RowActions';
import type { SysUser } from '../../api/admin';
import ListView from '../../components/list/ListView';
import { SecondaryText } from '../../components/Text';
import type { Page } from '../../components/list/query';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { useStateActions, type StateCalls } from '../../components/list/useStateActions';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { getSession } from '../../lib/session';
import { useEver } from '../../lib/useEver';
import type { AccountKind } from './UserFormDialog';

// The dialogs (forms, the organisation picker) load when first opened, not with the list.
const ResetPasswordDialog = lazy(() => import('./ResetPasswordDialog'));
const UserFormDialog = lazy(() => import('./UserFormDialog'));

/** One account screen as data: staff (/sysuser) or external users (/externalUser). */
export interface AccountScreen {
  fields: SearchField[];
  /** the list's key in the query cache (useList) */
  listKey: readonly unknown[];
  list(params: Record<string, string>): Promise<Page<SysUser>>;
  calls: StateCalls;
  resetPassword(id: number, password: string): Promise<unknown>;
  exportPath: string;
  /** the column of where an account belongs (its unit, its organisation) */
  placeColumn: ListColumn<SysUser>;
  /** the add and edit dialog's kind */
  kind: AccountKind;
}

/** An account list with search, enable/disable, password reset, delete and export; the signed-in account is protected. */
export default function AccountsPage({ screen }: { screen: AccountScreen }) {
  useI18n();
  const list = useList(screen.fields, screen.list, { key: screen.listKey });
  const [editing, setEditing] = useState<{ user?: SysUser } | null>(null);
  const [resetting, setResetting] = useState<SysUser>();
  const editUsed = useEver(!!editing);
  const resetUsed = useEver(!!resetting);
  const self = getSession()?.userId;
  const { holder, remove, batchButtons, stateColumn } = useStateActions(list, screen.calls, {
    prefix: 'user',
    switchTestId: (u) => `state-${u.loginCode}`,
    locked: (u) => u.id === self,
  });

  const columns: ListColumn<SysUser>[] = [
    { titleKey: 'user.loginCode', dataIndex: 'loginCode', sortKey: 'loginCode', fixed: 'left' },
    {
      titleKey: 'user.userName',
      dataIndex: 'userName',
      sortKey: 'userName',
      clip: 100,
      render: (v: string, u) => (u.id === self ? <>{v} <SecondaryText>{t('user.self')}</SecondaryText></> : v),
    },
    screen.placeColumn,
    { titleKey: 'user.phone', dataIndex: 'phone' },
    { titleKey: 'user.email', dataIndex: 'email', clip: 120 },
    {
      titleKey: 'user.roles',
      dataIndex: 'roles',
      render: (_: unknown, u) => u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>),
    },
    stateColumn,
    {
      titleKey: 'user.lastLoginAt',
      dataIndex: 'lastLoginAt',
      sortKey: 'lastLoginAt',
      render: (v: string | null) => (v ? formatTime(v) : <SecondaryText>{t('user.neverSignedIn')}</SecondaryText>),
    },
    {
      titleKey: 'list.actions',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, u) => (
        <Space size={0}>
          <IconAction label={t('user.edit')} icon={<EditOutlined />} onClick={() => setEditing({ user: u })} testId={`edit-${u.loginCode}`} />
          <IconAction label={t('user.resetPwd')} icon={<ReloadOutlined />} disabled={u.id === self} onClick={() => setResetting(u)} testId={`reset-${u.loginCode}`} />
          <IconAction label={t('user.delete')} icon={<DeleteOutlined />} danger disabled={u.id === self} onClick={() => remove([u.id])} testId={`delete-${u.loginCode}`} />
        </Space>
      ),
    },
  ];

  return (
    <>
      {holder}
      <ListView
        list={list}
        fields={screen.fields}
        columns={columns}
        rowKey="id"
        selectable
        canSelect={(u) => u.id !== self}
        exportPath={screen.exportPath}
        add={{ labelKey: screen.kind.addTitle, testId: 'user-add', onClick: () => setEditing({}) }}
        actions={batchButtons}
      />
      <Suspense fallback={null}>
        {editUsed && (
          <UserFormDialog
            open={!!editing}
            user={editing?.user}
            kind={screen.kind}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              list.reload();
            }}
          />
        )}
        {resetUsed && <ResetPasswordDialog user={resetting} reset={screen.resetPassword} onClose={() => setResetting(undefined)} />}
      </Suspense>
    </>
  );
}
