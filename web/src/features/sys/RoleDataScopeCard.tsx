import { useState } from 'react';
import { Alert, Button, Card, Empty, Select, Space, Spin, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useDataModules, useRoleDataScopes, useSaveRoleDataScopes } from '../../api/hooks/admin';
import { SCOPE_KINDS, type DataModule, type DataScope, type ScopeKind } from '../../api/dataScope';
import { toast } from '../../api/client';
import { OrgPickerInput, joinUnitCodes, splitUnitCodes } from '../../components/picker';
import { t, useI18n, type MessageKey } from '../../i18n';

/** One editable rule: the custom units as the picker's joined codes, with their names for display. */
interface Rule {
  key: number;
  moduleName: string;
  scope: ScopeKind;
  units: string;
  unitNames: string;
}

const NO_MODULES: DataModule[] = [];
const NO_SCOPES: DataScope[] = [];

let nextKey = 1;
const toRule = (d: DataScope): Rule => ({
  key: nextKey++,
  moduleName: d.moduleName,
  scope: d.scope,
  units: joinUnitCodes(d.units ?? []),
  unitNames: (d.units ?? []).map((u) => u.unitName).join(','),
});

/**
 * /rolemanager's data-scope card: for the chosen role, which units its members may see in each module (all, own
 * unit and below, own unit, or chosen units with the organisation picker). Module '*' is the role's default.
 */
export default function RoleDataScopeCard({ roleId }: { roleId?: number }) {
  useI18n();
  const modules = useDataModules().data ?? NO_MODULES;
  const scopes = useRoleDataScopes(roleId);
  const saveScopes = useSaveRoleDataScopes();
  // the role's rules as fetched (none when they could not be read: the client has shown why) are what the card edits
  const fetched = roleId ? (scopes.data ?? (scopes.isError ? NO_SCOPES : undefined)) : undefined;
  const [rules, setRules] = useState<Rule[]>();
  const [rulesOf, setRulesOf] = useState<DataScope[]>();
  if (fetched !== rulesOf) {
    setRulesOf(fetched);
    setRules(fetched?.map(toRule));
  }

  if (!roleId) return null;
  const update = (key: number, patch: Partial<Rule>) => setRules((rs) => rs?.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const unused = modules.filter((m) => !rules?.some((r) => r.moduleName === m.moduleName));
  const save = () => {
    if (!rules) return;
    saveScopes.mutate(
      { roleId, scopes: rules.map((r) => ({ moduleName: r.moduleName, scope: r.scope, unitCodes: r.scope === 'custom' ? splitUnitCodes(r.units) : [] })) },
      { onSuccess: () => toast('success', t('msg.operationSuccessful')) },
    );
  };

  return (
    <Card
      title={t('scope.title')}
      variant="borderless"
      style={{ marginTop: 16 }}
      data-testid="role-data-scope"
      extra={
        <Space>
          <Button
            icon={<PlusOutlined />}
            disabled={!rules || unused.length === 0}
            onClick={() => setRules((rs) => [...(rs ?? []), { key: nextKey++, moduleName: unused[0].moduleName, scope: 'unit_and_below', units: '', unitNames: '' }])}
            data-testid="scope-add"
          >
            {t('scope.add')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saveScopes.isPending} disabled={!rules} onClick={save} data-testid="scope-save">
            {t('scope.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('scope.hint')}</Typography.Paragraph>
      {!rules ? (
        <Spin />
      ) : rules.length === 0 ? (
        <Empty description={t('scope.none')} />
      ) : (
        <Table<Rule>
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={rules}
          columns={[
            {
              title: t('scope.module'),
              dataIndex: 'moduleName',
              width: 200,
              render: (v: string, r) => (
                <Select
                  value={v}
                  style={{ width: '100%' }}
                  data-testid={`scope-module-${r.key}`}
                  options={modules.filter((m) => m.moduleName === v || unused.includes(m)).map((m) => ({ value: m.moduleName, label: m.label }))}
                  onChange={(moduleName) => update(r.key, { moduleName })}
                />
              ),
            },
            {
              title: t('scope.scope'),
              dataIndex: 'scope',
              width: 180,
              render: (v: ScopeKind, r) => (
                <Select
                  value={v}
                  style={{ width: '100%' }}
                  data-testid={`scope-kind-${r.key}`}
                  options={SCOPE_KINDS.map((k) => ({ value: k, label: t(`scope.kind.${k}` as MessageKey) }))}
                  onChange={(scope) => update(r.key, { scope })}
                />
              ),
            },
            {
              title: t('scope.units'),
              dataIndex: 'units',
              render: (v: string, r) =>
                r.scope === 'custom' ? (
                  <OrgPickerInput
                    multiple
                    value={v || undefined}
                    label={r.unitNames}
                    testId={`scope-units-${r.key}`}
                    onChange={(units, items) => update(r.key, { units: units ?? '', unitNames: items.map((u) => u.unitName).join(',') })}
                  />
                ) : (
                  <Typography.Text type="secondary">{t(`scope.explain.${r.scope}` as MessageKey)}</Typography.Text>
                ),
            },
            {
              title: '',
              key: 'remove',
              width: 60,
              render: (_: unknown, r) => (
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('scope.remove')} onClick={() => setRules((rs) => rs?.filter((x) => x.key !== r.key))} />
              ),
            },
          ]}
        />
      )}
      {rules && !rules.some((r) => r.moduleName === '*') && <Alert style={{ marginTop: 12 }} type="info" showIcon message={t('scope.defaultExplained')} />}
    </Card>
  );
}
