import { Tag } from 'antd';
import { EXPORTS, listLoginLog, type LoginLog } from '../../api/admin';
import ListView from '../../components/list/ListView';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { hasMessage, t, type MessageKey } from '../../i18n';
import { formatTime } from '../../lib/format';

/** /login_log, described as data: its search fields, its columns, its export. */
const fields: SearchField[] = [
  { names: ['loginCode'], labelKey: 'loginLog.loginCode', kind: 'text' },
  {
    names: ['result'],
    labelKey: 'loginLog.result',
    kind: 'select',
    options: [
      { value: 'success', labelKey: 'loginLog.result.success' },
      { value: 'failure', labelKey: 'loginLog.result.failure' },
    ],
  },
  { names: ['startTime', 'endTime'], labelKey: 'loginLog.timeRange', kind: 'dateRange', dateRange: true },
  {
    names: ['site'],
    labelKey: 'loginLog.site',
    kind: 'select',
    options: [
      { value: 'staff', labelKey: 'loginLog.site.staff' },
      { value: 'external', labelKey: 'loginLog.site.external' },
    ],
  },
  { names: ['ip'], labelKey: 'loginLog.ip', kind: 'text' },
];

const label = (prefix: string, v: string) => {
  const key = `${prefix}.${v}`;
  return hasMessage(key) ? t(key as MessageKey) : v;
};

const columns: ListColumn<LoginLog>[] = [
  { titleKey: 'loginLog.time', dataIndex: 'createdAt', sortKey: 'createdAt', render: (v: string) => formatTime(v), width: 180 },
  { titleKey: 'loginLog.loginCode', dataIndex: 'loginCode', sortKey: 'loginCode' },
  { titleKey: 'loginLog.userName', dataIndex: 'userName' },
  {
    titleKey: 'loginLog.result',
    dataIndex: 'result',
    render: (v: string) => <Tag color={v === 'success' ? 'success' : 'error'}>{label('loginLog.result', v)}</Tag>,
  },
  { titleKey: 'loginLog.reason', dataIndex: 'reason', render: (v: string) => (v ? label('loginLog.reason', v) : '') },
  { titleKey: 'loginLog.ip', dataIndex: 'ip' },
  { titleKey: 'loginLog.os', dataIndex: 'os' },
  { titleKey: 'loginLog.site', dataIndex: 'site', render: (v: string) => label('loginLog.site', v) },
];

export default function LoginLogPage() {
  const list = useList(fields, listLoginLog, { key: ['listLoginLog'] });
  return <ListView list={list} fields={fields} columns={columns} rowKey="id" exportPath={EXPORTS.loginLog} />;
}
