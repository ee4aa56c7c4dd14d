import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { changeExtOrgState, deleteExtOrgs, EXTERNAL_EXPORTS, listExtOrgs, type ExtOrg } from '../../api/external';
import DictSelect from '../../components/DictSelect';
import { accountLabel } from '../../components/AccountSelect';
import CrudList from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { stateField, useStateActions } from '../../components/list/useStateActions';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import OrgFormDialog, { KIND_DICT } from './OrgFormDialog';

const fields: SearchField[] = [
  { names: ['name'], labelKey: 'extOrg.nameOrCode', kind: 'text' },
  {
    names: ['kind'],
    labelKey: 'extOrg.kind',
    kind: 'custom',
    render: (p) => <DictSelect dictKey={KIND_DICT} testId="search-kind" value={p.value} onChange={(v) => p.onChange(v == null ? undefined : String(v))} placeholder={t('list.all')} />,
  },
  stateField,
];

/** /externalOrgan: partners and clients; disabling one stops its users signing in. */
export default function ExternalOrganPage() {
  useI18n();
  const list = useList(fields, listExtOrgs, { key: ['listExtOrgs'] });
  const { holder, batchButtons, stateColumn } = useStateActions(
    list,
    { changeState: changeExtOrgState, remove: deleteExtOrgs },
    { prefix: 'org', switchTestId: (o) => `org-state-${o.name}` },
  );

  const columns: ListColumn<ExtOrg>[] = [
    {
      titleKey: 'extOrg.name',
      dataIndex: 'name',
      sortKey: 'name',
      clip: 140,
      render: (v: string, o) => (
        <>
          {v}
          {o.code && <Typography.Text type="secondary"> {o.code}</Typography.Text>}
        </>
      ),
    },
    { titleKey: 'extOrg.kind', dataIndex: 'kindName', sortKey: 'kind' },
    { titleKey: 'extOrg.contactPerson', dataIndex: 'contactPerson' },
    { titleKey: 'extOrg.phone', dataIndex: 'phone' },
    { titleKey: 'extOrg.email', dataIndex: 'email', clip: 120 },
    { titleKey: 'extOrg.owner', dataIndex: 'ownerName', clip: 100, render: (_: unknown, o) => (o.ownerLoginCode ? accountLabel({ userName: o.ownerName, loginCode: o.ownerLoginCode }) : '') },
    {
      titleKey: 'extOrg.userCount',
      dataIndex: 'userCount',
      sortKey: 'userCount',
      render: (n: number, o) => (
        <Link to={`/externalUser?${new URLSearchParams({ extOrgId: String(o.id), extOrgName: o.name })}`} data-testid={`org-users-${o.name}`}>
          {n}
        </Link>
      ),
    },
    stateColumn,
    { titleKey: 'extOrg.createdAt', dataIndex: 'createdAt', sortKey: 'createdAt', render: (v: string) => formatTime(v) },
  ];

  return (
    <>
      {holder}
      <CrudList<ExtOrg>
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        selectable
        exportPath={EXTERNAL_EXPORTS.orgs}
        testId="org"
        rowId={(o) => o.name}
        addLabel={t('extOrg.add')}
        onDelete={(o) => deleteExtOrgs([o.id])}
        actions={batchButtons}
        renderDialog={(editing, close, saved) => <OrgFormDialog editing={editing} onClose={close} onSaved={saved} />}
      />
    </>
  );
}
