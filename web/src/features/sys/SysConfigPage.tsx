import { ApiOutlined } from '@ant-design/icons';
import { Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { deleteParams, listParams, SYS_CONFIG_EXPORT, type SysParam } from '../../api/sysconfig';
import ChangedAt from '../../components/list/ChangedAt';
import CrudList from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { hasMessage, t, useI18n, type MessageKey } from '../../i18n';
import { refreshSiteConfig } from '../../lib/siteConfig';
import NoticePanel from './NoticePanel';
import ParamFormDialog, { PARAM_TYPES } from './ParamFormDialog';
import SsoSettingsPanel from './SsoSettingsPanel';

/** Groups of the built-in parameters, and 'custom' (the default of an administrator's own). */
const GROUPS = ['site', 'session', 'upload', 'library', 'portal', 'training', 'custom'] as const;

const fields: SearchField[] = [
  { names: ['keywords'], labelKey: 'sysConfig.keywords', kind: 'text' },
  {
    names: ['group'],
    labelKey: 'sysConfig.group',
    kind: 'select',
    options: GROUPS.map((g) => ({ value: g, labelKey: `sysConfig.group.${g}` as MessageKey })),
  },
  {
    names: ['type'],
    labelKey: 'sysConfig.type',
    kind: 'select',
    options: PARAM_TYPES.map((v) => ({ value: v, labelKey: `sysConfig.type.${v}` as MessageKey })),
  },
];

/** The text of a key when the catalogue has it (a group, a screen), else the code itself. */
const labelOf = (prefix: string, code: string) => {
  const key = `${prefix}.${code}`;
  return hasMessage(key) ? t(key) : code;
};

/** A value as the table shows it: a switch state, JSON in code style, a masked secret, or '(empty)'. */
function ParamValue({ p }: { p: SysParam }) {
  if (p.secret === 1) return p.isSet ? <Typography.Text code>******</Typography.Text> : <Typography.Text type="secondary">{t('sysConfig.emptyValue')}</Typography.Text>;
  if (p.type === 'boolean') return <Tag color={p.value === 'true' ? 'green' : 'default'}>{t(p.value === 'true' ? 'sysConfig.on' : 'sysConfig.off')}</Tag>;
  if (p.value === '') return <Typography.Text type="secondary">{t('sysConfig.emptyValue')}</Typography.Text>;
  return (
    <Typography.Text code={p.type === 'json'} ellipsis={{ tooltip: p.value }} style={{ maxWidth: 180 }}>
      {p.value}
    </Typography.Text>
  );
}

/** The parameters: search card, table card, the typed edit dialog. */
function ParamPanel() {
  useI18n();
  const list = useList(fields, listParams, { key: ['listParams'] });
  const columns: ListColumn<SysParam>[] = [
    {
      titleKey: 'sysConfig.key',
      dataIndex: 'key',
      sortKey: 'key',
      render: (v: string, p) => (
        // a long key's tags go onto a second line rather than widen the column (English 'Built-in' is long)
        <Space size={4} wrap style={{ maxWidth: 220 }}>
          {/* an identifier, not words: set as code (and so left out of the language sweep) */}
          <Typography.Text code>{v}</Typography.Text>
          {p.builtin === 1 && <Tag>{t('sysConfig.builtin')}</Tag>}
          {p.secret === 1 && <Tag color="orange">{t('sysConfig.secret')}</Tag>}
        </Space>
      ),
    },
    {
      titleKey: 'sysConfig.name',
      dataIndex: 'name',
      sortKey: 'name',
      render: (v: string, p) => (
        <Tooltip title={p.description || undefined}>
          <span>{v}</span>
        </Tooltip>
      ),
    },
    { titleKey: 'sysConfig.group', dataIndex: 'group', sortKey: 'group', render: (v: string) => labelOf('sysConfig.group', v) },
    { titleKey: 'sysConfig.type', dataIndex: 'type', render: (v: string) => <Tag color="blue">{t(`sysConfig.type.${v}` as MessageKey)}</Tag> },
    {
      titleKey: 'sysConfig.value',
      dataIndex: 'value',
      render: (_: string, p) => (
        <Space size={4} data-testid={`param-value-${p.key}`}>
          <ParamValue p={p} />
          {p.builtin === 1 && !p.isSet && <Tag variant="filled">{t('sysConfig.isDefault')}</Tag>}
        </Space>
      ),
    },
    {
      titleKey: 'sysConfig.updatedAt',
      dataIndex: 'updatedAt',
      sortKey: 'updatedAt',
      width: 160,
      render: (v: string | null, p) => v && <ChangedAt at={v} by={p.updatedBy} />,
    },
  ];

  return (
    <CrudList<SysParam>
      list={list}
      fields={fields}
      columns={columns}
      rowKey="id"
      exportPath={SYS_CONFIG_EXPORT}
      testId="param"
      rowId={(p) => p.key}
      addLabel={t('sysConfig.add')}
      canEdit={(p) => p.editable === 1}
      notEditable={(p) => (
        <Tooltip title={t('sysConfig.maintainedIn')}>
          <Link to={`/${p.maintainer}`} style={{ display: 'inline-block', maxWidth: 110 }} data-testid={`param-maintainer-${p.key}`}>
            {labelOf('nav', p.maintainer)}
          </Link>
        </Tooltip>
      )}
      canDelete={(p) => p.builtin === 0}
      onDelete={(p) => deleteParams([p.id])}
      onChanged={refreshSiteConfig}
      renderDialog={(editing, close, saved) => <ParamFormDialog target={editing} onClose={close} onSaved={saved} />}
    />
  );
}

/** /sys_config: system parameters, and the system notices in a second tab; beside the tabs, the API reference
 * (/api/docs, served by the server with its own assets) in a new tab. */
export default function SysConfigPage() {
  const { t } = useI18n();
  return (
    <Tabs
      destroyOnHidden
      tabBarExtraContent={
        <Typography.Link href="/api/docs" target="_blank" rel="noopener noreferrer" data-testid="api-docs-link">
          <ApiOutlined /> {t('sysConfig.apiDocs')}
        </Typography.Link>
      }
      items={[
        { key: 'params', label: <span data-testid="tab-params">{t('sysConfig.tab.params')}</span>, children: <ParamPanel /> },
        { key: 'notices', label: <span data-testid="tab-notices">{t('sysConfig.tab.notices')}</span>, children: <NoticePanel /> },
        { key: 'sso', label: <span data-testid="tab-sso">{t('sysConfig.tab.sso')}</span>, children: <SsoSettingsPanel /> },
      ]}
    />
  );
}
