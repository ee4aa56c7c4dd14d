/** Pure helpers of /dreport (dynamic reports): cell formats, the chart of a run, filter values, the layout form. */
import type { StatChart } from '../../api/stats';
import type { DReportColumn, DReportFilter, DReportFilterWidget, DReportLayout, DReportRun } from '../../api/lowcode';

/** The URL / list parameter of a filter: prefixed, so that a parameter named 'current' or 'sort' stays a filter. */
export const filterParam = (name: string) => `f_${name}`;

/** The values a run binds: every filter of the report, '' when left empty (an empty filter is empty text, not its sample). */
export function filterValues(filters: Pick<DReportFilter, 'name'>[], params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(filters.map((f) => [f.name, params[filterParam(f.name)] ?? '']));
}

const asNumber = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  return undefined;
};

/** A cell as its column's format shows it: number with separators, percent of a fraction, date as YYYY-MM-DD. */
export function formatCell(format: DReportColumn['format'], v: unknown): string {
  if (v == null) return '';
  const n = asNumber(v);
  switch (format) {
    case 'number':
      return n === undefined ? String(v) : n.toLocaleString('en-US', { maximumFractionDigits: 4 });
    case 'percent':
      return n === undefined ? String(v) : `${(n * 100).toFixed(2).replace(/\.?0+$/, '')}%`;
    case 'date': {
      const s = String(v);
      return /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : s;
    }
    default:
      return String(v);
  }
}

/** The chart of a run in the statistics' chart shape: the x column's values as labels, a series per y column. */
export function toChart(run: Pick<DReportRun, 'chart' | 'chartRows' | 'columns' | 'name'>): StatChart | undefined {
  const { chart } = run;
  if (!chart.type) return undefined;
  const title = (key: string) => run.columns.find((c) => c.key === key)?.title ?? key;
  return {
    key: 'dreport',
    kind: chart.type,
    title: run.name,
    labels: run.chartRows.map((r) => (r[chart.x] == null ? '' : String(r[chart.x]))),
    series: (chart.type === 'pie' ? chart.y.slice(0, 1) : chart.y).map((k) => ({
      key: k,
      name: title(k),
      values: run.chartRows.map((r) => asNumber(r[k]) ?? 0),
    })),
  };
}

/** The designer's form of a layout. */
export interface LayoutForm {
  columns: DReportColumn[];
  chartType: DReportLayout['chart']['type'];
  chartX?: string;
  chartY?: string[];
  filters: DReportFilterWidget[];
}

export function layoutToForm(l: DReportLayout): LayoutForm {
  return { columns: l.columns, chartType: l.chart.type, chartX: l.chart.x || undefined, chartY: l.chart.y, filters: l.filters };
}

export function formToLayout(f: LayoutForm): DReportLayout {
  const chart = f.chartType ? { type: f.chartType, x: f.chartX ?? '', y: f.chartY ?? [] } : { type: '' as const, x: '', y: [] };
  return {
    columns: (f.columns ?? []).map((c) => ({ key: c.key, title: c.title ?? '', format: c.format ?? 'text', total: !!c.total })),
    chart,
    filters: (f.filters ?? []).map((w) => ({ name: w.name, widget: w.widget ?? 'text', dictGroupCode: w.widget === 'dict' ? (w.dictGroupCode ?? '') : '' })),
  };
}

/**
 * The layout's parts that follow a dataset's shape: columns still in the dataset are kept (new ones added, titled by
 * their key), a widget per parameter (kept when the parameter stays, else a text box).
 */
export function followShape(shape: { columns: string[]; filters: Pick<DReportFilter, 'name'>[] }, f: Pick<LayoutForm, 'columns' | 'filters'>) {
  const kept = (f.columns ?? []).filter((c) => shape.columns.includes(c.key));
  const columns = kept.length
    ? kept
    : shape.columns.map((key): DReportColumn => ({ key, title: key, format: 'text', total: false }));
  const filters = shape.filters.map(
    (p): DReportFilterWidget => (f.filters ?? []).find((w) => w.name === p.name) ?? { name: p.name, widget: 'text', dictGroupCode: '' },
  );
  return { columns, filters };
}
