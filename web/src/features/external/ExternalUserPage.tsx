import { Form, Space, Tag } from 'antd';
import {
  addExtUser,
  changeExtUserState,
  deleteExtUsers,
  editExtUser,
  EXTERNAL_EXPORTS,
  extUserRoles,
  listExtUsers,
  resetExtUserPassword,
} from '../../api/external';
import type { SearchField } from '../../components/list/SearchCard';
import { t } from '../../i18n';
import { stateField } from '../../components/list/useStateActions';
import AccountsPage, { type AccountScreen } from '../sys/AccountsPage';
import type { AccountKind } from '../sys/UserFormDialog';
import ExtOrgSelect from './ExtOrgSelect';

const fields: SearchField[] = [
  { names: ['loginCode'], labelKey: 'user.loginCode', kind: 'text' },
  { names: ['userName'], labelKey: 'user.userName', kind: 'text' },
  {
    names: ['extOrgId'],
    uiOnly: ['extOrgName'],
    labelKey: 'extUser.org',
    kind: 'custom',
    render: (p) => (
      <ExtOrgSelect testId="search-extOrgId" value={p.value ? Number(p.value) : undefined} label={p.label} onChange={(v, l) => p.onChange(v == null ? undefined : String(v), l)} />
    ),
  },
  stateField,
];

/** External accounts: an organisation instead of a unit, portal roles only. */
const externalAccounts: AccountKind = {
  addTitle: 'extUser.add',
  editTitle: 'extUser.editTitle',
  place: (user) => (
    <Form.Item name="extOrgId" label={t('extUser.org')} rules={[{ required: true, message: t('extUser.orgRequired') }]}>
      <ExtOrgSelect testId="user-org" label={user?.extOrgName} placeholder={t('extUser.orgPlaceholder')} />
    </Form.Item>
  ),
  placeValues: (user) => ({ extOrgId: user.extOrgId || undefined }),
  roles: extUserRoles,
  add: (v) => addExtUser({ ...v, extOrgId: v.extOrgId ?? 0 }),
  edit: (v) => editExtUser({ ...v, extOrgId: v.extOrgId ?? 0 }),
};

const external: AccountScreen = {
  fields,
  listKey: ['accounts', 'external'],
  list: listExtUsers,
  calls: { changeState: changeExtUserState, remove: deleteExtUsers },
  resetPassword: resetExtUserPassword,
  exportPath: EXTERNAL_EXPORTS.users,
  placeColumn: {
    titleKey: 'extUser.org',
    dataIndex: 'extOrgName',
    sortKey: 'extOrgName',
    render: (v: string, u) => (
      <Space size={4}>
        {v}
        {u.extOrgState === 0 && <Tag color="red">{t('extUser.orgDisabled')}</Tag>}
      </Space>
    ),
  },
  kind: externalAccounts,
};

/** /externalUser: the accounts of external organisations, who sign in at /login2 and see only the portal. */
export default function ExternalUserPage() {
  return <AccountsPage screen={external} />;
}
