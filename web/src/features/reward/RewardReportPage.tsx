import { useMemo, useState, type ReactNode } from 'react';
import { Card, DatePicker, Empty, Segmented, Space, Statistic, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { CERT_KIND_DICT, REWARD_GROUPS, REWARD_REPORT_EXPORT, type RewardGroupBy, type RewardReport } from '../../api/reward';
import { useRewardReport } from '../../api/hooks/reward';
import { DictLabel } from '../../components/DictSelect';
import ExportButton from '../../components/list/ExportButton';
import { t, useI18n } from '../../i18n';
import { money } from './amount';

type Row = RewardReport['rows'][number];

/** Horizontal bars of the rows' amounts (the largest is the full width). */
function Bars({ rows, label }: { rows: Row[]; label(r: Row): ReactNode }) {
  const max = Math.max(1, ...rows.map((r) => r.amountCents));
  return (
    <div data-testid="reward-chart" role="img" aria-label={t('reward.chart')}>
      {rows.slice(0, 15).map((r) => (
        <div key={r.key} style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 6 }}>
          <span style={{ width: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label(r)}</span>
          <span style={{ flex: 1, background: 'var(--bd-color-primary-bg)', borderRadius: 4 }}>
            <span style={{ display: 'block', width: `${(r.amountCents / max) * 100}%`, minWidth: 2, height: 14, background: 'var(--bd-color-primary)', borderRadius: 4 }} />
          </span>
          <span style={{ width: 110, textAlign: 'right' }}>{money(r.amount)}</span>
        </div>
      ))}
    </div>
  );
}

/** /useCertificateRewardReport: paid rewards by person, unit, certificate kind or month, with totals, a chart and the export. */
export default function RewardReportPage() {
  useI18n();
  const [groupBy, setGroupBy] = useState<RewardGroupBy>('person');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const params = useMemo(() => {
    const p: Record<string, string> = { groupBy };
    if (range?.[0]) p.startDate = range[0].format('YYYY-MM-DD');
    if (range?.[1]) p.endDate = range[1].format('YYYY-MM-DD');
    return p;
  }, [groupBy, range]);
  const data = useRewardReport(params).data;
  const label = (r: Row) => (groupBy === 'kind' ? <DictLabel dictKey={CERT_KIND_DICT} value={r.key} /> : r.label);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Segmented
            value={groupBy}
            onChange={(v) => setGroupBy(v as RewardGroupBy)}
            options={REWARD_GROUPS.map((g) => ({ value: g, label: t(`reward.group.${g}`) }))}
            data-testid="reward-group"
          />
          <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} allowEmpty={[true, true]} placeholder={[t('reward.bidDate'), t('reward.bidDate')]} />
          <ExportButton path={REWARD_REPORT_EXPORT} params={params} />
        </Space>
      </Card>
      <Space size="large">
        <Statistic
          title={t('reward.total')}
          value={money(data?.total ?? '0.00')}
          suffix={t('reward.yuan')}
          formatter={(v) => <span data-testid="reward-total">{String(v)}</span>}
        />
        <Statistic title={t('reward.count')} value={data?.count ?? 0} />
      </Space>
      <Card size="small" title={t('reward.chart')}>
        {data?.rows.length ? <Bars rows={data.rows} label={label} /> : <Empty description={t('reward.reportEmpty')} data-testid="reward-report-empty" />}
      </Card>
      <Table<Row>
        rowKey="key"
        size="small"
        dataSource={data?.rows ?? []}
        pagination={false}
        columns={[
          { title: t(`reward.group.${groupBy}`), key: 'label', render: (_: unknown, r) => label(r) },
          { title: t('reward.count'), dataIndex: 'count', align: 'right' },
          { title: t('reward.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => money(v) },
        ]}
        summary={() =>
          data?.rows.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t('reward.total')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {data.count}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <Typography.Text strong>{money(data.total)}</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Space>
  );
}
