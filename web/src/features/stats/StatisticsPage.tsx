/**
 * THE page of every usage-statistics screen (/personnel_login, /personnel_role, /download_type, /data_upload,
 * /ca_upload, /summary, /statistics_account, /demand_feedback, /statistics_training). Each screen is described as data (SCREENS: its calls, its own
 * filters, its export); the page shows the filter card, the headline numbers, the charts and the tables of the
 * reports, and exports the same numbers. The filters live in the URL. A unit's bar or row drills down to its
 * subordinate units, and from a unit without any to its people.
 */
import { useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Empty, Row, Space, Spin, Statistic, Switch, Table, Tag, Typography } from 'antd';
import { FilePdfOutlined, PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import { toastError } from '../../api/client';
import type { LibType } from '../../api/library';
import { STATS_EXPORTS, type StatsApi, type StatTable } from '../../api/stats';
import { useLibraryTypes } from '../../api/hooks/library';
import { useStatsReport } from '../../api/hooks/stats';
import OrgTreeSelect from '../../components/OrgTreeSelect';
import ExportButton from '../../components/list/ExportButton';
import { headerTitle } from '../../components/list/RowActions';
import SearchCard, { type SearchField } from '../../components/list/SearchCard';
import { useI18n, type Lang, type MessageKey } from '../../i18n';
import { saveAsPdf } from '../../lib/pdfExport';
import StatChartView, { numberFormat } from './StatChart';
import './stats.css';

export interface Screen {
  calls: StatsApi[];
  exportPath: string;
  /** the time filter: a day range and a period, or a year (the annual summary), or none (counts as they are now) */
  time: 'range' | 'year' | 'none';
  /** a material-type filter */
  recordType?: boolean;
  /** a switch listing people instead of units */
  byPerson?: boolean;
  printable?: boolean;
  hint?: MessageKey;
}

export const NO_TYPES: LibType[] = [];

const SCREENS: Record<string, Screen> = {
  personnel_login: { calls: ['statsPersonnel'], exportPath: STATS_EXPORTS.personnel, time: 'range', byPerson: true, hint: 'stats.hint.login' },
  personnel_role: { calls: ['statsRole'], exportPath: STATS_EXPORTS.role, time: 'none', byPerson: true },
  download_type: {
    calls: ['downloadStatistics', 'downloadStatisticsLineChart', 'downloadStatisticsHistogram'],
    exportPath: STATS_EXPORTS.download,
    time: 'range',
    recordType: true,
  },
  data_upload: { calls: ['statsUpload'], exportPath: STATS_EXPORTS.upload, time: 'range', recordType: true },
  demand_feedback: { calls: ['statsDemand'], exportPath: STATS_EXPORTS.demand, time: 'range', hint: 'stats.hint.demand' },
  ca_upload: { calls: ['statsCa'], exportPath: STATS_EXPORTS.ca, time: 'range', hint: 'stats.hint.ca' },
  summary: { calls: ['statsSummary'], exportPath: STATS_EXPORTS.summary, time: 'year', printable: true, hint: 'stats.hint.summary' },
  statistics_account: { calls: ['statsAccount'], exportPath: STATS_EXPORTS.account, time: 'range' },
  statistics_training: { calls: ['statsTraining'], exportPath: STATS_EXPORTS.training, time: 'year', hint: 'stats.hint.training' },
};

/** Zones whose days are Beijing time (China has one time zone). */
const BEIJING = new Set(['Asia/Shanghai', 'Asia/Chongqing', 'Asia/Chungking', 'Asia/Harbin', 'PRC']);

/**
 * The sentence naming the zone the days are counted in, from the report's `timeZone` ("Asia/Shanghai (UTC+08:00)", or
 * "UTC+08:00" for a zone without a name): 日期按北京时间（Asia/Shanghai）计算 / Days are counted in Beijing time
 * (Asia/Shanghai); another named zone by the browser's name of it; a bare offset as it is.
 */
export function zoneSentence(timeZone: string, lang: Lang, t: (key: MessageKey, vars?: Record<string, string | number>) => string): string {
  const m = /^(.+?) \((UTC[+-]\d{2}:\d{2})\)$/.exec(timeZone);
  if (!m) return t('stats.tz.offset', { zone: timeZone });
  const [, name, offset] = m;
  let long = BEIJING.has(name) ? t('stats.tz.beijing') : '';
  if (!long) {
    for (const style of ['longGeneric', 'long'] as const) {
      try {
        long = new Intl.DateTimeFormat(lang, { timeZone: name, timeZoneName: style }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? '';
      } catch {
        long = '';
      }
      if (long) break;
    }
  }
  const inner = long ? name : offset;
  const label = long || name;
  return t('stats.tz', { zone: lang === 'en' ? `${label} (${inner})` : `${label}（${inner}）` });
}

/** Parameters of the filter card kept in the URL; unitName is shown only. */
const PARAMS = ['startTime', 'endTime', 'period', 'unitCode', 'recordType', 'year', 'byPerson'] as const;

export default function StatisticsPage() {
  const { t, lang } = useI18n();
  const { pathname } = useLocation();
  const code = pathname.replace(/^\//, '');
  const screen = SCREENS[code];
  const [search, setSearch] = useSearchParams();
  const pageRef = useRef<HTMLDivElement>(null);
  const [pdfBusy, setPdfBusy] = useState(false);

  const values = useMemo(() => {
    const out: Record<string, string> = {};
    for (const n of [...PARAMS, 'unitName']) {
      const v = search.get(n);
      if (v) out[n] = v;
    }
    return out;
  }, [search]);
  const params = useMemo(() => {
    const out: Record<string, string> = {};
    for (const n of PARAMS) if (values[n]) out[n] = values[n];
    return out;
  }, [values]);

  // the record-type filter's options (none when they could not be read: the client has shown why)
  const typesQuery = useLibraryTypes(lang, !!screen?.recordType);
  const types = useMemo(() => (typesQuery.data?.types ?? NO_TYPES).filter((x) => !x.messages), [typesQuery.data]);

  const reportQuery = useStatsReport(screen?.calls, params, lang);
  const report = reportQuery.data;
  const failed = reportQuery.isError;
  const loading = reportQuery.isFetching;

  const reportYear = report ? Number(report.startTime.slice(0, 4)) : 0;
  // the year filter shows the year the heading shows when none was chosen (the server's this year, in its zone)
  const shown = useMemo(
    () => (screen?.time === 'year' && !values.year && reportYear ? { ...values, year: String(reportYear) } : values),
    [values, reportYear, screen],
  );
  const fmt = useMemo(() => numberFormat(lang), [lang]);

  const fields = useMemo<SearchField[]>(() => {
    if (!screen) return [];
    const out: SearchField[] = [];
    if (screen.time === 'range') {
      out.push({ names: ['startTime', 'endTime'], dateRange: true, labelKey: 'stats.range', kind: 'dateRange' });
      out.push({
        names: ['period'],
        labelKey: 'stats.period',
        kind: 'select',
        options: [
          { value: 'day', labelKey: 'stats.period.day' },
          { value: 'week', labelKey: 'stats.period.week' },
          { value: 'month', labelKey: 'stats.period.month' },
        ],
      });
    }
    if (screen.time === 'year') {
      // the server's year may already be the next one in its zone
      const now = Math.max(new Date().getFullYear(), reportYear);
      out.push({
        names: ['year'],
        labelKey: 'stats.year',
        kind: 'select',
        options: Array.from({ length: 8 }, (_, i) => ({ value: String(now - i), label: String(now - i) })),
      });
    }
    out.push({
      names: ['unitCode'],
      uiOnly: ['unitName'],
      labelKey: 'stats.unit',
      kind: 'custom',
      render: ({ value, label, onChange }) => <OrgTreeSelect anyNode value={value} label={label} onChange={onChange} testId="stats-unit" />,
    });
    if (screen.recordType) {
      out.push({ names: ['recordType'], labelKey: 'stats.recordType', kind: 'select', options: types.map((x) => ({ value: x.key, label: x.name })) });
    }
    return out;
  }, [screen, types, reportYear]);

  if (!screen) return <Empty />;

  const apply = (next: Record<string, string | undefined>) => {
    const merged: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...values, ...next })) if (v) merged[k] = v;
    setSearch(merged);
  };
  const drill = (unitCode: string, unitName: string) => apply({ unitCode, unitName });

  // the screen as the reader sees it, without its filters and buttons, named after the screen and its period
  const savePdf = () => {
    if (!pageRef.current || !report) return;
    const period = screen.time === 'none' ? '' : `_${report.startTime}~${report.endTime}`;
    setPdfBusy(true);
    saveAsPdf(pageRef.current, `${t(`nav.${code}` as MessageKey)}${period}.pdf`)
      .catch((e: unknown) => {
        console.error(e);
        toastError(t('stats.pdfFailed'));
      })
      .finally(() => setPdfBusy(false));
  };

  const byPersonSwitch = screen.byPerson && (
    <Space>
      <Switch
        size="small"
        checked={values.byPerson === '1'}
        onChange={(on) => apply({ byPerson: on ? '1' : undefined })}
        data-testid="stats-by-person"
      />
      {t('stats.byPerson')}
    </Space>
  );

  return (
    <div className="stats-page" ref={pageRef} data-testid={`stats-${code}`}>
      <div className="stats-noprint">
        <SearchCard
          fields={fields}
          values={shown}
          onSearch={(f) => setSearch({ ...f, ...(values.byPerson ? { byPerson: values.byPerson } : {}) })}
          onReset={() => setSearch({})}
        />
      </div>
      <Card size="small" variant="borderless" style={{ marginTop: 12 }}>
        <div className="stats-head">
          <Space wrap>
            <Typography.Text strong>{t(`nav.${code}` as MessageKey)}</Typography.Text>
            {report && screen.time !== 'none' && (
              <Typography.Text type="secondary" data-testid="stats-range">
                {screen.time === 'year' && `${t('stats.yearHeading', { year: reportYear })} · `}
                {report.startTime} ~ {report.endTime}
                {screen.time === 'range' && ` · ${t(`stats.period.${report.period}` as MessageKey)}`}
              </Typography.Text>
            )}
            {report?.unit && (
              <Tag closable onClose={() => apply({ unitCode: undefined, unitName: undefined })} data-testid="stats-unit-tag">
                {report.unit.unitName}
              </Tag>
            )}
            {report?.unit && (
              <Button size="small" type="link" icon={<RollbackOutlined />} onClick={() => apply({ unitCode: undefined, unitName: undefined })}>
                {t('stats.top')}
              </Button>
            )}
          </Space>
          <Space wrap className="stats-noprint">
            {byPersonSwitch}
            {screen.printable && (
              <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="stats-print">
                {t('stats.print')}
              </Button>
            )}
            {screen.printable && (
              <Button icon={<FilePdfOutlined />} loading={pdfBusy} disabled={!report} onClick={savePdf} data-testid="stats-pdf">
                {t('stats.pdf')}
              </Button>
            )}
            <ExportButton path={screen.exportPath} params={params} />
          </Space>
        </div>
        {(screen.hint || (report && screen.time !== 'none')) && (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }} data-testid="stats-hint">
            {screen.hint && t(screen.hint)}
            {report && screen.time !== 'none' && `${screen.hint && lang === 'en' ? ' ' : ''}${zoneSentence(report.timeZone, lang, t)}`}
          </Typography.Paragraph>
        )}
      </Card>
      {failed && <Alert type="error" showIcon message={t('stats.failed')} style={{ marginTop: 12 }} />}
      <Spin spinning={loading} tip={t('common.loading')}>
        {!report && loading && <div style={{ minHeight: 240 }} />}
        {report && (
          <>
            <Row gutter={[12, 12]} style={{ marginTop: 12 }} data-testid="stats-summary">
              {report.summary.map((s) => (
                <Col key={s.key} xs={12} md={6} xl={Math.max(3, Math.floor(24 / Math.max(1, report.summary.length)))}>
                  <Card size="small" variant="borderless">
                    <Statistic title={s.title} value={s.value} data-testid={`stats-number-${s.key}`} />
                  </Card>
                </Col>
              ))}
            </Row>
            <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
              {report.charts.map((c) => (
                <Col key={c.key} xs={24} xl={report.charts.length === 1 ? 24 : 12}>
                  <Card size="small" variant="borderless" title={c.title}>
                    <StatChartView
                      chart={c}
                      onPick={c.codes ? (i) => c.codes && drill(c.codes[i], c.labels[i]) : undefined}
                    />
                  </Card>
                </Col>
              ))}
            </Row>
            {report.tables.map((tb) => (
              <StatTableCard key={tb.key} table={tb} onDrill={drill} current={report.unit?.unitCode} fmt={fmt} />
            ))}
          </>
        )}
      </Spin>
    </div>
  );
}

/** The total row's cells by column: the server's, else the sum of the rows' numbers (none for a top list or a distinct count). */
export function statTotals(table: StatTable): Record<string, number> {
  const out: Record<string, number> = {};
  if (table.noTotal) return out;
  for (const c of table.columns) {
    if (table.totals && c.key in table.totals) out[c.key] = table.totals[c.key];
    else if (c.number && !c.distinct) out[c.key] = table.rows.reduce((n, r) => n + Number(r[c.key] ?? 0), 0);
  }
  return out;
}

/** A table of numbers with its total row; a row of a unit drills down. */
function StatTableCard({ table, onDrill, current, fmt }: { table: StatTable; onDrill(code: string, name: string): void; current?: string; fmt: (n: number) => string }) {
  const { t } = useI18n();
  const totals = statTotals(table);
  return (
    <Card size="small" variant="borderless" title={table.title} style={{ marginTop: 12 }} data-testid={`stats-table-${table.key}`}>
      <Table
        size="small"
        rowKey={(r) => String(r.unitCode ?? r.loginCode ?? r.recordType ?? r.period ?? r.roleCode ?? r.collectionId ?? r.title ?? JSON.stringify(r))}
        dataSource={table.rows}
        pagination={table.rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        columns={table.columns.map((c, i) => ({
          key: c.key,
          dataIndex: c.key,
          // a title of several words (English) wraps between them, so that the column is as wide as its numbers
          title: headerTitle(c.title),
          align: c.number ? ('right' as const) : undefined,
          sorter: c.number ? (a, b) => Number(a[c.key]) - Number(b[c.key]) : undefined,
          render:
            i === 0 && table.drill
              ? (v: unknown, r) => {
                  const unit = String(r[table.drill ?? ''] ?? '');
                  return unit && unit !== current ? (
                    <Typography.Link onClick={() => onDrill(unit, String(v))} data-testid="stats-drill">
                      {String(v)}
                    </Typography.Link>
                  ) : (
                    String(v)
                  );
                }
              : c.number
                ? (v: unknown) => (typeof v === 'number' ? fmt(v) : String(v ?? ''))
                : undefined,
        }))}
        summary={
          Object.keys(totals).length > 0 && table.rows.length > 0
            ? () => (
                <Table.Summary.Row>
                  {table.columns.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={i} align={c.number ? 'right' : undefined}>
                      {i === 0 ? <strong>{t('stats.total')}</strong> : c.key in totals ? <strong data-testid={`stats-total-${table.key}-${c.key}`}>{fmt(totals[c.key])}</strong> : null}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
    </Card>
  );
}
