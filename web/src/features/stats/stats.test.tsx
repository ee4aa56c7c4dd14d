// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeReports, type StatReport, type StatTable } from '../../api/stats';
import { setLang } from '../../i18n';
import { cleanup, render } from '../../testing/render';
import StatChartView, { niceStep, pieSlices, shownLabels } from './StatChart';
import { statTotals } from './StatisticsPage';

beforeEach(() => setLang('zh-CN'));
afterEach(async () => {
  await cleanup();
});

describe('chart axes', () => {
  it('step by 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(4)).toBe(1);
    expect(niceStep(9)).toBe(2);
    expect(niceStep(23)).toBe(5);
    expect(niceStep(140)).toBe(50);
    expect(niceStep(2879)).toBe(1000);
  });
  it('show at most the room of labels, always the first and the last', () => {
    expect(shownLabels(5, 10)).toEqual([0, 1, 2, 3, 4]);
    const many = shownLabels(365, 8);
    expect(many[0]).toBe(0);
    expect(many[many.length - 1]).toBe(364);
    expect(many.length).toBeLessThanOrEqual(8);
  });
});

describe('the chart', () => {
  it('draws a line per series and a bar per value, and an empty state without activity', async () => {
    const line = await render(
      <StatChartView chart={{ key: 'trend', title: '登录趋势', kind: 'line', labels: ['2026-03-01', '2026-03-02'], series: [{ key: 'a', name: '登录次数', values: [1, 3] }] }} />,
    );
    expect(line.container.querySelectorAll('polyline')).toHaveLength(1);
    expect(line.container.querySelectorAll('circle')).toHaveLength(2);
    await cleanup();
    const bars = await render(
      <StatChartView
        chart={{ key: 'u', title: '各单位', kind: 'bar', labels: ['甲', '乙'], codes: ['1001', '1002'], series: [{ key: 'n', name: '次数', values: [5, 0] }, { key: 'm', name: '人数', values: [2, 0] }] }}
      />,
    );
    expect(bars.container.querySelectorAll('rect')).toHaveLength(4);
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

describe('pie', () => {
  it('shares out the positive values clockwise', () => {
    const s = pieSlices([1, 0, 3, -2]);
    expect(s.map((x) => x.index)).toEqual([0, 2]);
    expect(s[0].share).toBe(0.25);
    expect(s[1].end).toBeCloseTo(2 * Math.PI);
    expect(pieSlices([0, 0])).toEqual([]);
  });

  it('draws a slice per positive value with its share', async () => {
    const { container } = await render(
      <StatChartView chart={{ key: 'p', kind: 'pie', title: 'P', labels: ['a', 'b'], series: [{ key: 'n', name: 'n', values: [1, 3] }] }} />,
    );
    expect(container.querySelectorAll('[data-testid="stat-svg-p"] path')).toHaveLength(2);
    expect(container.textContent).toContain('75.0%');
  });
});

