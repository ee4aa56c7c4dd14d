import { changeUserState, deleteUsers, EXPORTS, listUsers, resetUserPassword } from '../../api/admin';
import OrgFilterSelect from '../../components/OrgFilterSelect';
import type { SearchField } from '../../components/list/SearchCard';
import { stateField } from '../../components/list/useStateActions';
import AccountsPage, { type AccountScreen } from './AccountsPage';
import { staffAccounts } from './staffAccounts';
import { staffFilters, staffListKey } from './sysUserList';

const fields: SearchField[] = [
  { ...staffFilters.userName, labelKey: 'user.userName', kind: 'text' },
  { ...staffFilters.loginCode, labelKey: 'user.loginCode', kind: 'text' },
  {
    ...staffFilters.unit,
    labelKey: 'user.unit',
    kind: 'custom',
    render: (p) => <OrgFilterSelect testId="search-unitCode" value={p.value} label={p.label} onChange={p.onChange} />,
  },
  { ...stateField, ...staffFilters.state },
];

const staff: AccountScreen = {
  fields,
  listKey: staffListKey,
  list: listUsers,
  calls: { changeState: changeUserState, remove: deleteUsers },
  resetPassword: resetUserPassword,
  exportPath: EXPORTS.users,
  placeColumn: { titleKey: 'user.unit', dataIndex: 'unitName', sortKey: 'unitName', clip: 140 },
  kind: staffAccounts,
};

/** /sysuser: staff accounts. */
export default function SysUserPage() {
  return <AccountsPage screen={staff} />;
}
