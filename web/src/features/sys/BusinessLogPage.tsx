import { useMemo, useState } from 'react';
import { Descriptions, Space, Switch, Table, Tag, Typography } from 'antd';
import { getBusinessLog, listBusinessLog, LOG_EXPORTS, type BusinessLog, type BusinessLogDetail } from '../../api/logs';
import { menuLabel } from '../../app/menu';
import { adminRoutes, isBuilt } from '../../app/routes';
import ListView from '../../components/list/ListView';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { hasMessage, t, useI18n, type MessageKey } from '../../i18n';
import { formatTime } from '../../lib/format';
import { diffRecords, showValue, type FieldRow } from './logDiff';
import { codeLabel, LogDetailDialog, RequestId, tailColumns, timeColumn, useLogDetail, UserCell, userColumn } from './logShared';

/** Every verb the server writes (internal/audit.Actions, the API's enum): each has a label in both languages. */
export const ACTIONS = [
  'create', 'update', 'delete', 'enable', 'disable', 'resetPwd', 'grant', 'assign', 'remove', 'show', 'hide', 'sort', 'reset', 'import',
  'dataScope', 'submit', 'approve', 'reject', 'publish', 'lend', 'return', 'read', 'generate', 'handover', 'undo',
  'run', 'cancel', 'retention', 'state', 'enrol', 'withdraw', 'correct', 'mark', 'release', 'issue', 'revoke', 'rekey',
] as const satisfies readonly BusinessLog['action'][];
const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  enable: 'cyan',
  disable: 'orange',
  resetPwd: 'purple',
  grant: 'geekblue',
  assign: 'cyan',
  remove: 'volcano',
  reject: 'red',
  approve: 'green',
  publish: 'green',
  undo: 'orange',
};

/** /business_log, described as data: modules are the admin screens (function code = menu code). */
const fields: SearchField[] = [
  { names: ['user'], labelKey: 'log.user', kind: 'text' },
  {
    names: ['module'],
    labelKey: 'businessLog.module',
    kind: 'select',
    options: adminRoutes.filter((r) => r.menuCode && r.menuCode !== 'welcome' && isBuilt(r)).map((r) => ({ value: r.menuCode!, labelKey: r.titleKey })),
  },
  { names: ['startTime', 'endTime'], labelKey: 'log.timeRange', kind: 'dateRange', dateRange: true },
  {
    names: ['action'],
    labelKey: 'businessLog.action',
    kind: 'select',
    options: ACTIONS.map((a) => ({ value: a, labelKey: `businessLog.action.${a}` as MessageKey })),
  },
  { names: ['targetId'], labelKey: 'businessLog.targetId', kind: 'text' },
  { names: ['requestId'], labelKey: 'log.requestId', kind: 'text' },
];

const ActionTag = ({ action }: { action: string }) => (
  <Tag color={ACTION_COLORS[action] ?? 'default'}>{codeLabel('businessLog.action', action)}</Tag>
);

/** A module is a screen (its menu's name), else one of the few areas without a screen (files, Word books). */
const moduleName = (r: Pick<BusinessLog, 'module' | 'moduleName'>) =>
  r.moduleName || !hasMessage(`businessLog.module.${r.module}`) ? menuLabel({ code: r.module, name: r.moduleName }) : t(`businessLog.module.${r.module}` as MessageKey);

export default function BusinessLogPage() {
  useI18n();
  const list = useList(fields, listBusinessLog, { key: ['listBusinessLog'] });
  const detail = useLogDetail(getBusinessLog);

  const columns: ListColumn<BusinessLog>[] = [
    timeColumn(),
    userColumn(),
    { titleKey: 'businessLog.module', dataIndex: 'module', sortKey: 'module', cellWidth: 120, render: (_: string, r) => moduleName(r) },
    { titleKey: 'businessLog.action', dataIndex: 'action', render: (v: string) => <ActionTag action={v} /> },
    {
      titleKey: 'businessLog.target',
      dataIndex: 'target',
      // a long name (a tender's) ends in '…', whole in the tooltip and the detail
      clip: 170,
      render: (v: string, r) => (
        <>
          {v} {r.targetId && <Typography.Text type="secondary">#{r.targetId}</Typography.Text>}
        </>
      ),
    },
    ...tailColumns<BusinessLog>(detail.open),
  ];

  return (
    <>
      <ListView list={list} fields={fields} columns={columns} rowKey="id" exportPath={LOG_EXPORTS.business} />
      <LogDetailDialog
        title={t('businessLog.detailTitle')}
        open={detail.openId !== undefined}
        loading={!detail.detail}
        onClose={detail.close}
        testId="business-log-detail"
      >
        {detail.detail && <BusinessLogEntry entry={detail.detail} />}
      </LogDetailDialog>
    </>
  );
}

const CHANGED_BG = 'var(--bd-gold-1)';

/** One entry: who, when, what, then the record before and after side by side, changed fields highlighted. */
function BusinessLogEntry({ entry }: { entry: BusinessLogDetail }) {
  const rows = useMemo(() => diffRecords(entry.before, entry.after), [entry]);
  const changed = rows.filter((r) => r.changed).length;
  // An update is read by its changes; a creation or deletion by the whole record.
  const [onlyChanged, setOnlyChanged] = useState(entry.before != null && entry.after != null && changed > 0);
  const none = <Typography.Text type="secondary">{t('log.noRecord')}</Typography.Text>;
  const cell = (side: 'before' | 'after') => (v: unknown) => {
    if (side === 'before' ? entry.before == null : entry.after == null) return none;
    const text = showValue(v);
    if (text === '') return <Typography.Text type="secondary">-</Typography.Text>;
    return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</span>;
  };
  const highlight = (r: FieldRow) => (r.changed ? { style: { background: CHANGED_BG } } : {});
  return (
    <>
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('log.time')}>{formatTime(entry.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('log.user')}>
          <UserCell loginCode={entry.loginCode} userName={entry.userName} />
        </Descriptions.Item>
        <Descriptions.Item label={t('log.ip')}>{entry.ip}</Descriptions.Item>
        <Descriptions.Item label={t('businessLog.module')}>{moduleName(entry)}</Descriptions.Item>
        <Descriptions.Item label={t('businessLog.action')}>
          <ActionTag action={entry.action} />
        </Descriptions.Item>
        <Descriptions.Item label={t('businessLog.target')}>
          {entry.target} {entry.targetId && <Typography.Text type="secondary">#{entry.targetId}</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label={t('log.requestId')} span={3}>
          <RequestId id={entry.requestId} />
        </Descriptions.Item>
      </Descriptions>
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text data-testid="changed-count">{t('log.changedCount', { n: changed })}</Typography.Text>
        <Space>
          <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} data-testid="changed-only" />
          {t('log.changedOnly')}
        </Space>
      </Space>
      <Table<FieldRow>
        size="small"
        rowKey="field"
        pagination={false}
        bordered
        dataSource={onlyChanged ? rows.filter((r) => r.changed) : rows}
        rowClassName={(r) => (r.changed ? 'log-changed' : '')}
        columns={[
          {
            title: t('log.field'),
            dataIndex: 'field',
            width: 180,
            onCell: highlight,
            render: (f: string) => <Typography.Text strong={rows.find((r) => r.field === f)?.changed}>{codeLabel('logField', f)}</Typography.Text>,
          },
          { title: t('log.before'), dataIndex: 'before', onCell: highlight, render: cell('before') },
          { title: t('log.after'), dataIndex: 'after', onCell: highlight, render: cell('after') },
        ]}
      />
    </>
  );
}
