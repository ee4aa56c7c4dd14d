import { Alert, Descriptions, Tag, Typography } from 'antd';
import { getExceptionLog, listExceptionLog, LOG_EXPORTS, type ExceptionLog } from '../../api/logs';
import ListView from '../../components/list/ListView';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { codeLabel, LogDetailDialog, RequestId, tailColumns, timeColumn, useLogDetail, UserCell, userColumn } from './logShared';

/** /exception_log, described as data. The stack of an entry never reaches the browser. */
const fields: SearchField[] = [
  { names: ['requestId'], labelKey: 'log.requestId', kind: 'text' },
  { names: ['startTime', 'endTime'], labelKey: 'log.timeRange', kind: 'dateRange', dateRange: true },
  { names: ['user'], labelKey: 'log.user', kind: 'text' },
  { names: ['path'], labelKey: 'exceptionLog.path', kind: 'text' },
  {
    names: ['kind'],
    labelKey: 'exceptionLog.kind',
    kind: 'select',
    options: [
      { value: 'error', labelKey: 'exceptionLog.kind.error' },
      { value: 'panic', labelKey: 'exceptionLog.kind.panic' },
    ],
  },
];

const KindTag = ({ kind }: { kind: string }) => (
  <Tag color={kind === 'panic' ? 'magenta' : 'red'}>{codeLabel('exceptionLog.kind', kind)}</Tag>
);

const Request = ({ method, path }: { method: string; path: string }) => (
  <span style={{ whiteSpace: 'nowrap' }}>
    <Typography.Text type="secondary">{method}</Typography.Text> {path}
  </span>
);

export default function ExceptionLogPage() {
  useI18n();
  const list = useList(fields, listExceptionLog, { key: ['listExceptionLog'] });
  const detail = useLogDetail(getExceptionLog);

  const columns: ListColumn<ExceptionLog>[] = [
    timeColumn(),
    { titleKey: 'exceptionLog.path', dataIndex: 'path', sortKey: 'path', render: (v: string, r) => <Request method={r.method} path={v} /> },
    userColumn(),
    { titleKey: 'exceptionLog.kind', dataIndex: 'kind', render: (v: string) => <KindTag kind={v} /> },
    {
      titleKey: 'exceptionLog.message',
      dataIndex: 'message',
      render: (v: string) => (
        <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 280 }}>
          {v}
        </Typography.Text>
      ),
    },
    ...tailColumns<ExceptionLog>(detail.open),
  ];

  const e = detail.detail;
  return (
    <>
      <ListView list={list} fields={fields} columns={columns} rowKey="id" exportPath={LOG_EXPORTS.exception} />
      <LogDetailDialog
        title={t('exceptionLog.detailTitle')}
        open={detail.openId !== undefined}
        loading={!e}
        onClose={detail.close}
        width={820}
        testId="exception-log-detail"
      >
        {e && (
          <>
            <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('log.time')}>{formatTime(e.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('log.requestId')}>
                <RequestId id={e.requestId} />
              </Descriptions.Item>
              <Descriptions.Item label={t('exceptionLog.path')} span={2}>
                <Request method={e.method} path={e.path} />
              </Descriptions.Item>
              <Descriptions.Item label={t('log.user')}>
                <UserCell loginCode={e.loginCode} userName={e.userName} />
              </Descriptions.Item>
              <Descriptions.Item label={t('log.ip')}>{e.ip}</Descriptions.Item>
              <Descriptions.Item label={t('exceptionLog.kind')} span={2}>
                <KindTag kind={e.kind} />
              </Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5}>{t('exceptionLog.message')}</Typography.Title>
            <pre
              data-testid="exception-message"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', background: 'var(--bd-color-fill-alter)', border: '1px solid var(--bd-color-border-secondary)', padding: 12, borderRadius: 6, maxHeight: 280, overflow: 'auto' }}
            >
              {e.message}
            </pre>
            <Alert type="info" showIcon title={e.hasStack ? t('exceptionLog.stackKept', { id: e.requestId }) : t('exceptionLog.noStack')} />
          </>
        )}
      </LogDetailDialog>
    </>
  );
}
