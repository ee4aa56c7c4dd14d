import { useState, type ReactNode } from 'react';
import { Button, Tabs, Tag } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { listEmployees, listOrgUnits, ORG_DOWNLOADS, type EmployeeRow, type OrgUnitRow } from '../../api/orgAdmin';
import OrgFilterSelect from '../../components/OrgFilterSelect';
import ListView from '../../components/list/ListView';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import OrgImportDialog from './OrgImportDialog';

const statusField: SearchField = {
  names: ['inStatus'],
  labelKey: 'org.inStatus',
  kind: 'select',
  options: [
    { value: '1', labelKey: 'org.inStatus.1' },
    { value: '0', labelKey: 'org.inStatus.0' },
  ],
};

const unitFields: SearchField[] = [
  { names: ['unitName'], labelKey: 'org.unitName', kind: 'text' },
  {
    names: ['fullUnitCode'],
    uiOnly: ['fullUnitName'],
    labelKey: 'org.subtree',
    kind: 'custom',
    render: (p) => <OrgFilterSelect testId="search-fullUnitCode" value={p.value} label={p.label} onChange={p.onChange} />,
  },
  {
    names: ['unitType'],
    labelKey: 'org.unitType',
    kind: 'select',
    options: [
      { value: '1', labelKey: 'org.unitType.1' },
      { value: '2', labelKey: 'org.unitType.2' },
    ],
  },
  statusField,
];

const employeeFields: SearchField[] = [
  { names: ['name'], labelKey: 'org.employeeName', kind: 'text' },
  { names: ['code'], labelKey: 'org.employeeCode', kind: 'text' },
  {
    names: ['unitCode'],
    uiOnly: ['unitName'],
    labelKey: 'org.unit',
    kind: 'custom',
    render: (p) => <OrgFilterSelect testId="search-unitCode" value={p.value} label={p.label} onChange={p.onChange} />,
  },
  { names: ['phone'], labelKey: 'org.phone', kind: 'text' },
  statusField,
];

const status = (v: number) => <Tag color={v === 1 ? 'success' : 'default'}>{t(v === 1 ? 'org.inStatus.1' : 'org.inStatus.0')}</Tag>;

const unitColumns: ListColumn<OrgUnitRow>[] = [
  { titleKey: 'org.fullUnitCode', dataIndex: 'fullUnitCode', sortKey: 'fullUnitCode', width: 140 },
  { titleKey: 'org.unitName', dataIndex: 'unitName', sortKey: 'unitName' },
  { titleKey: 'org.fullUnitName', dataIndex: 'fullUnitName', render: (v: string) => v.split(',').join(' / ') },
  { titleKey: 'org.level', dataIndex: 'level', sortKey: 'level', width: 70 },
  { titleKey: 'org.unitType', dataIndex: 'unitType', width: 90, render: (v: number) => t(v === 2 ? 'org.unitType.2' : 'org.unitType.1') },
  { titleKey: 'org.inStatus', dataIndex: 'inStatus', width: 90, render: status },
];

const employeeColumns: ListColumn<EmployeeRow>[] = [
  { titleKey: 'org.employeeCode', dataIndex: 'code', sortKey: 'code', width: 130 },
  { titleKey: 'org.employeeName', dataIndex: 'name', sortKey: 'name' },
  { titleKey: 'org.unit', dataIndex: 'unitName', sortKey: 'unitCode' },
  { titleKey: 'org.phone', dataIndex: 'phone' },
  { titleKey: 'org.email', dataIndex: 'email' },
  { titleKey: 'org.inStatus', dataIndex: 'inStatus', width: 90, render: status },
];

function UnitList({ actions }: { actions: ReactNode }) {
  const list = useList(unitFields, listOrgUnits, { key: ['orgUnits'] });
  return <ListView list={list} fields={unitFields} columns={unitColumns} rowKey="id" exportPath={ORG_DOWNLOADS.units} actions={actions} />;
}

function EmployeeList({ actions }: { actions: ReactNode }) {
  // the URL belongs to the unit list (the page's main list)
  const list = useList(employeeFields, listEmployees, { key: ['orgEmployees'], inUrl: false });
  return <ListView list={list} fields={employeeFields} columns={employeeColumns} rowKey="id" exportPath={ORG_DOWNLOADS.employees} actions={actions} />;
}

type TabKey = 'units' | 'employees';

/** /organization_manager: the organisation units and the employees, searched, exported and imported from Excel. */
export default function OrgManagerPage() {
  useI18n();
  const [tab, setTab] = useState<TabKey>('units');
  const [importing, setImporting] = useState(false);
  const [generation, setGeneration] = useState(0); // remounts the lists after an import
  const importButton = (
    <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="org-import">
      {t('org.import.open')}
    </Button>
  );
  return (
    <>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(k) => setTab(k as TabKey)}
        items={[
          { key: 'units', label: t('org.tab.units'), children: <UnitList key={generation} actions={importButton} /> },
          { key: 'employees', label: t('org.tab.employees'), children: <EmployeeList key={generation} actions={importButton} /> },
        ]}
      />
      <OrgImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => {
        setImporting(false);
        setGeneration((g) => g + 1);
      }} />
    </>
  );
}
