// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeReports, type StatReport, type StatTable } from '../../api/stats';
import { setLang, t } from '../../i18n';
import { cleanup, render } from '../../testing/render';
import StatChartView, { barLayout, chartOption, describeChart, numberFormat, ZOOM_FROM, type ChartContext } from './StatChart';
import { statTotals, zoneSentence } from './StatisticsPage';

beforeEach(() => setLang('zh-CN'));
afterEach(async () => {
  await cleanup();
});

const look = {
  colors: ['#1', '#2', '#3'],
  text: 'text',
  textSecondary: 'text2',
  disabled: 'grey',
  border: 'border',
  split: 'split',
  bg: 'bg',
  bgElevated: 'bg2',
  link: 'link',
  primary: 'primary',
  primaryBg: 'primaryBg',
  fontFamily: 'sans',
};
const ctx = (over: Partial<ChartContext> = {}): ChartContext => ({ look, fmt: numberFormat('zh-CN'), pickable: false, animate: false, narrow: false, ...over });
const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
type Opt = Record<string, unknown> & { series: Record<string, unknown>[]; dataZoom?: Record<string, unknown>[]; legend?: Record<string, unknown> };

describe('the chart options', () => {
  it('write numbers with thousands separators', () => {
    expect(numberFormat('zh-CN')(1234567)).toBe('1,234,567');
    expect(numberFormat('en')(12345)).toBe('12,345');
  });

  it('zoom a long time series only', () => {
    const line = (n: number) =>
      chartOption({ key: 'l', title: 'L', kind: 'line', labels: days(n), series: [{ key: 'a', name: 'A', values: days(n).map((_, i) => i) }] }, ctx());
    const short = line(ZOOM_FROM - 1).option as Opt;
    expect(short.dataZoom).toEqual([]);
    const long = line(ZOOM_FROM).option as Opt;
    expect(long.dataZoom?.map((z) => z.type)).toEqual(['inside', 'slider']);
    expect(long.dataZoom?.[0].zoomOnMouseWheel).toBe('ctrl'); // the page still scrolls under the wheel
    expect(line(ZOOM_FROM).height).toBeGreaterThan(line(ZOOM_FROM - 1).height);
    expect(short.legend?.show).toBe(false); // one series: nothing to switch
  });

  it('label no bar of zero, hide a series without values and keep grouped bars short', () => {
    const labels = Array.from({ length: 40 }, (_, i) => `单位${i}`);
    const built = chartOption(
      {
        key: 'u',
        title: 'U',
        kind: 'bar',
        labels,
        codes: labels.map((_, i) => String(1000 + i)),
        series: [
          { key: 'a', name: '账号', values: labels.map((_, i) => i * 100) },
          { key: 'b', name: '停用', values: labels.map(() => 0) },
          { key: 'c', name: '外部', values: labels.map((_, i) => i % 2) },
        ],
      },
      ctx({ pickable: true }),
    );
    const o = built.option as Opt;
    const label = o.series[0].label as { formatter: (p: { value: number }) => string };
    expect(label.formatter({ value: 0 })).toBe('');
    expect(label.formatter({ value: 1200 })).toBe('1,200');
    expect(o.legend?.selected).toEqual({ 账号: true, 停用: false, 外部: true });
    expect(o.legend?.show).toBe(true);
    // 40 units of two shown series: a window of them, the rest behind a slider; the chart no taller than the window
    const geo = barLayout(40, 2);
    expect(geo.scroll).toBe(true);
    expect(o.dataZoom?.[0]).toMatchObject({ type: 'slider', yAxisIndex: 0, startValue: 0, endValue: geo.visible - 1, zoomLock: true });
    expect(built.height).toBeLessThanOrEqual(32 + 320 + 28);
    expect((o.yAxis as { triggerEvent: boolean }).triggerEvent).toBe(true); // a unit's label drills down too
    expect(barLayout(5, 1).scroll).toBe(false);
  });

  it('leave out the empty slices of a pie', () => {
    const o = chartOption({ key: 'p', kind: 'pie', title: 'P', labels: ['a', 'b', 'c'], series: [{ key: 'n', name: 'n', values: [1, 0, 3] }] }, ctx()).option as Opt;
    expect((o.series[0].data as { name: string }[]).map((d) => d.name)).toEqual(['a', 'c']);
  });

  it('write the names a user typed as text in a tooltip, never as HTML', () => {
    const name = '<img src=x onerror=alert(1)>';
    const o = chartOption({ key: 'p', kind: 'pie', title: 'P', labels: [name], series: [{ key: 'n', name: 'n', values: [1234] }] }, ctx()).option as Opt;
    const format = (o.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = format({ marker: '', name, value: 1234, percent: 100 });
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('1,234');
    // the line and bar tooltips use ECharts' own formatter, which encodes names
    const bar = chartOption({ key: 'b', kind: 'bar', title: 'B', labels: [name], series: [{ key: 'n', name, values: [1] }] }, ctx()).option as Opt;
    expect((bar.tooltip as { formatter?: unknown }).formatter).toBeUndefined();
  });

  it('describe the chart for a screen reader in the reader’s language', async () => {
    const chart = { key: 'trend', title: '登录趋势', kind: 'line', labels: ['2026-03-01', '2026-03-02'], series: [{ key: 'a', name: '登录次数', values: [1200, 3400] }] };
    expect(describeChart(chart, t, numberFormat('zh-CN'))).toBe('登录趋势，折线图，2026-03-01 至 2026-03-02，共 2 个点。 登录次数：合计 4,600，最高 3,400（2026-03-02）。');
    await setLang('en');
    expect(describeChart({ ...chart, title: 'Sign-ins', kind: 'bar', labels: ['A', 'B'] }, t, numberFormat('en'))).toBe(
      'Sign-ins: bar chart of 2 items. 登录次数: 4,600 in all, most for B (3,400).',
    );
    expect(describeChart({ ...chart, title: 'S', kind: 'pie', labels: ['A', 'B'] }, t, numberFormat('en'))).toBe('S: pie chart of 2 items; largest B: 3,400 (73.9%).');
  });
});

describe('the time zone', () => {
  it('is named as people say it', async () => {
    expect(zoneSentence('Asia/Shanghai (UTC+08:00)', 'zh-CN', t)).toBe('日期按北京时间（Asia/Shanghai）计算。');
    expect(zoneSentence('UTC+08:00', 'zh-CN', t)).toBe('日期按 UTC+08:00 计算。');
    await setLang('en');
    expect(zoneSentence('Asia/Shanghai (UTC+08:00)', 'en', t)).toBe('Days are counted in Beijing time (Asia/Shanghai).');
    expect(zoneSentence('Asia/Tokyo (UTC+09:00)', 'en', t)).toMatch(/^Days are counted in .*Japan.* \(Asia\/Tokyo\)\.$/);
  });
});

describe('the chart', () => {
  it('is an image with a description and a save button, or an empty state without activity', async () => {
    const line = await render(
      <StatChartView chart={{ key: 'trend', title: '登录趋势', kind: 'line', labels: ['2026-03-01', '2026-03-02'], series: [{ key: 'a', name: '登录次数', values: [1, 3] }] }} />,
    );
    const img = line.container.querySelector('[data-testid="stat-svg-trend"]');
    expect(img?.getAttribute('role')).toBe('img');
    expect(img?.getAttribute('aria-label')).toContain('登录趋势，折线图');
    expect(line.container.querySelector('[data-testid="stat-save-trend"]')?.getAttribute('aria-label')).toBe('保存为图片');
    await cleanup();
    const empty = await render(<StatChartView chart={{ key: 'e', title: '空', kind: 'line', labels: ['2026-03-01'], series: [{ key: 'a', name: 'x', values: [0] }] }} />);
    expect(empty.container.querySelector('[data-testid="stat-chart-empty"]')).not.toBeNull();
    expect(empty.container.textContent).toContain('该时间段内没有数据');
  });
});

describe('the numbers', () => {
  const table: StatTable = {
    key: 't',
    title: 'T',
    columns: [
      { key: 'kind', title: '类型' },
      { key: 'downloads', title: '下载次数', number: true },
      { key: 'downloaders', title: '下载人数', number: true, distinct: true },
      { key: 'files', title: '文件数', number: true, distinct: true },
    ],
    rows: [
      { kind: 'a', downloads: 2, downloaders: 1, files: 1 },
      { kind: 'b', downloads: 1, downloaders: 1, files: 1 },
    ],
    totals: { downloaders: 1 },
  };
  it('sum the counts, take the server’s distinct totals, and leave the others empty', () => {
    expect(statTotals(table)).toEqual({ downloads: 3, downloaders: 1 });
    expect(statTotals({ ...table, noTotal: true })).toEqual({});
  });
  it('of several calls make one report', () => {
    const r = (key: string, summary = 0): StatReport => ({
      startTime: '2026-03-01',
      endTime: '2026-03-07',
      period: 'day',
      unit: null,
      timeZone: 'UTC+08:00',
      summary: summary ? [{ key: 's', title: 'S', value: summary }] : [],
      charts: [{ key, title: key, kind: 'bar', labels: [], series: [] }],
      tables: [{ ...table, key }],
    });
    const m = mergeReports([r('a'), r('b', 7), r('c', 9)]);
    expect(m?.summary).toEqual([{ key: 's', title: 'S', value: 7 }]);
    expect(m?.charts.map((c) => c.key)).toEqual(['a', 'b', 'c']);
    expect(m?.tables.map((c) => c.key)).toEqual(['a', 'b', 'c']);
    expect(mergeReports([])).toBeUndefined();
  });
});
