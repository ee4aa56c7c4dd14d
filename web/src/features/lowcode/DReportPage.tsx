import { useEffect, useMemo, useState } from 'react';
import { Alert, Card, DatePicker, Empty, Select, Space, Spin, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import {
  deleteDReport,
  DREPORT_EXPORT,
  listDReports,
  runDReport,
  type DReportFilter,
  type DReportRun,
  type DReportSummary,
} from '../../api/lowcode';
import { useDReportFirstRun, useMyDReports } from '../../api/hooks/lowcode';
import DictSelect from '../../components/DictSelect';
import OrgTreeSelect from '../../components/OrgTreeSelect';
import CrudList from '../../components/list/CrudList';
import ExportButton from '../../components/list/ExportButton';
import { filterParams } from '../../components/list/query';
import SearchCard, { type SearchField } from '../../components/list/SearchCard';
import TableCard, { type ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { hasPermission } from '../../lib/permission';
import StatChartView from '../stats/StatChart';
import DReportDesignDialog from './DReportDesignDialog';
import { filterParam, filterValues, formatCell, toChart } from './dreportView';

/**
 * /dreport: the dynamic reports. Everyone who reaches it runs the reports their roles may run (a report marked for
 * the side menu opens here as /dreport?id=N); holders of the dreport function code also design them.
 */
export default function DReportPage() {
  useI18n();
  const design = hasPermission('dreport');
  const [search] = useSearchParams();
  const wanted = search.get('id');
  const [tab, setTab] = useState(() => (design && !wanted ? 'design' : 'run'));
  // a report chosen in the side menu (/dreport?id=N) opens the run tab, from the design tab too
  useEffect(() => {
    if (wanted) setTab('run');
  }, [wanted]);
  const [tick, setTick] = useState(0);
  const run = <DReportRunTab key={tick} />;
  if (!design) return run;
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'design', label: t('dreport.tab.design'), children: <DReportDesign onChanged={() => setTick((n) => n + 1)} /> },
        { key: 'run', label: t('dreport.tab.run'), children: run },
      ]}
    />
  );
}

const NO_REPORTS: DReportSummary[] = [];

function DReportRunTab() {
  const [search, setSearch] = useSearchParams();
  const mine = useMyDReports();
  // a failure (shown by the client) counts as no report
  const reports = mine.data ?? (mine.isError ? NO_REPORTS : undefined);
  const wanted = Number(search.get('id')) || undefined;
  const id = wanted ?? reports?.[0]?.id;
  if (reports && !reports.length) return <Empty description={t('dreport.none')} />;
  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }} variant="borderless">
        <Space wrap>
          {t('dreport.report')}
          <Select
            style={{ minWidth: 260 }}
            value={id}
            showSearch
            optionFilterProp="label"
            onChange={(v: number) => setSearch({ id: String(v) })}
            options={(reports ?? []).map((r) => ({ value: r.id, label: r.name }))}
            data-testid="dr-report-select"
          />
        </Space>
      </Card>
      {id && <DReportRunner key={id} id={id} />}
    </>
  );
}

/** Reads a report's filters and layout (a first run with empty filters), then shows it. */
function DReportRunner({ id }: { id: number }) {
  const { data: first, isError } = useDReportFirstRun(id);
  if (isError) return <Empty description={t('dreport.cannotRun')} />;
  if (!first) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <DReportView id={id} first={first} />;
}

type Row = Record<string, unknown> & { __row: number };

function filterField(f: DReportFilter): SearchField {
  const names = [filterParam(f.name)];
  const label = f.label || f.name;
  switch (f.widget) {
    case 'date':
      return {
        names,
        label,
        kind: 'custom',
        render: (p) => (
          <DatePicker
            style={{ width: '100%' }}
            value={p.value ? dayjs(p.value, 'YYYY-MM-DD') : null}
            onChange={(d) => p.onChange(d ? d.format('YYYY-MM-DD') : undefined)}
            data-testid={`dr-filter-${f.name}`}
          />
        ),
      };
    case 'org':
      return { names, label, kind: 'custom', render: (p) => <OrgTreeSelect anyNode value={p.value} onChange={(v) => p.onChange(v)} testId={`dr-filter-${f.name}`} /> };
    case 'dict':
      return {
        names,
        label,
        kind: 'custom',
        render: (p) => (
          <DictSelect
            dictKey={f.dictGroupCode}
            value={p.value}
            onChange={(v) => p.onChange(v == null ? undefined : String(v))}
            placeholder={t('list.all')}
            testId={`dr-filter-${f.name}`}
          />
        ),
      };
    default:
      return { names, label, kind: 'text' };
  }
}

/** A report: its filters, chart, table with totals, paging, sorting and export. */
function DReportView({ id, first }: { id: number; first: DReportRun }) {
  const fields = useMemo(() => first.filters.map(filterField), [first]);
  const list = useList<Row>(
    fields,
    (p) =>
      runDReport(id, filterValues(first.filters, p), { current: p.current, limit: p.limit, ...(p.sort ? { sort: p.sort, order: p.order } : {}) }).then((r) => {
        const base = (r.current - 1) * r.limit;
        return { ...r, records: r.records.map((rec, i) => ({ ...rec, __row: base + i })) };
      }),
    { key: ['dreportRun', id], inUrl: false },
  );
  // the page shown is a whole run (totals, chart rows), cached with its page
  const run = (list.data as unknown as DReportRun | undefined) ?? first;
  const columns: ListColumn<Row>[] = run.columns.map((c) => ({
    key: c.key,
    label: c.title,
    sortKey: c.key,
    align: c.format === 'number' || c.format === 'percent' ? ('right' as const) : undefined,
    render: (_: unknown, row: Row) => formatCell(c.format, row[c.key]),
  }));
  const totalled = run.columns.some((c) => c.total);
  const chart = toChart(run);
  const params = filterParams(list.state, fields);
  const exportParams: Record<string, string> = {
    id: String(id),
    values: JSON.stringify(filterValues(first.filters, params)),
    ...(params.sort ? { sort: params.sort, order: params.order } : {}),
  };
  return (
    <div data-testid="dr-run">
      {fields.length > 0 && <SearchCard fields={fields} values={list.state.filters} onSearch={list.search} onReset={list.reset} />}
      {run.truncated && <Alert type="info" showIcon style={{ marginTop: 12 }} message={t('dreport.truncated', { n: run.total })} />}
      {chart && (
        <Card size="small" variant="borderless" title={run.name} style={{ marginTop: 16 }} data-testid="dr-chart">
          <StatChartView chart={chart} />
        </Card>
      )}
      <TableCard<Row>
        list={list}
        columns={columns}
        rowKey="__row"
        tableId={`dreport:${id}`}
        actions={<ExportButton path={DREPORT_EXPORT} params={exportParams} />}
        summary={
          totalled
            ? (keys) => (
                <Table.Summary.Row data-testid="dr-totals">
                  {keys.map((k, i) => {
                    const c = run.columns.find((x) => x.key === k);
                    return (
                      <Table.Summary.Cell key={k} index={i} align={c?.total ? 'right' : undefined}>
                        {c?.total ? <b>{formatCell(c.format === 'percent' ? 'percent' : 'number', run.totals[k] ?? 0)}</b> : i === 0 ? <b>{t('dreport.total')}</b> : null}
                      </Table.Summary.Cell>
                    );
                  })}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
    </div>
  );
}

const designFields: SearchField[] = [{ names: ['name'], labelKey: 'dreport.name', kind: 'text' }];

/** The reports' definitions: list with search and paging, add, edit, delete (function code dreport). */
function DReportDesign({ onChanged }: { onChanged(): void }) {
  const list = useList(designFields, listDReports, { key: ['dreports'], inUrl: false });
  const columns: ListColumn<DReportSummary>[] = [
    { titleKey: 'dreport.name', dataIndex: 'name', sortKey: 'name' },
    { titleKey: 'dreport.remark', dataIndex: 'remark' },
    {
      titleKey: 'dreport.inMenu',
      dataIndex: 'inMenu',
      render: (v: boolean) => (v ? <Tag color="blue">{t('dreport.inMenu.yes')}</Tag> : <Tag>{t('dreport.inMenu.no')}</Tag>),
    },
    { titleKey: 'dreport.updatedAt', dataIndex: 'updatedAt', sortKey: 'updatedAt', render: (v: string) => formatTime(v) },
  ];
  return (
    <CrudList<DReportSummary>
      list={list}
      fields={designFields}
      columns={columns}
      rowKey="id"
      testId="dr-def"
      rowId={(d) => d.name}
      addLabel={t('dreport.add')}
      onDelete={(d) => deleteDReport(d.id)}
      onChanged={onChanged}
      renderDialog={(editing, close, saved) => <DReportDesignDialog open={!!editing} id={editing?.row?.id} onClose={close} onSaved={saved} />}
    />
  );
}
