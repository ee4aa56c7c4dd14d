/**
 * The statistics charts, drawn by Apache ECharts (./echarts.ts, imported when a chart first draws, so the library is a
 * chunk of its own fetched with the pages that draw: statistics and dynamic reports). A line chart for a time series,
 * a horizontal bar chart for categories (units, material types, roles), a pie (kind 'pie', the dynamic reports') for
 * the first series shared out over the labels.
 *
 * Hovering shows the values of the point or category (a tooltip); a legend entry hides or shows its series; a long
 * series zooms (the slider under the axis, or Ctrl and the mouse wheel); a long list of bars scrolls (the slider at
 * the right) so the chart stays short; the download button saves the chart with its title as a PNG; a bar or a
 * category label of a unit drills down when onPick is given. Numbers carry the language's thousands separators, a bar
 * of zero carries no label and a series with no value at all starts hidden (its legend entry greyed). Screen readers
 * read a description of the chart (its kind, range and the largest values). Colours, text and fonts are the antd
 * theme's tokens, so the charts follow the product's theme.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, theme, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ComposeOption, EChartsType } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { DataZoomComponentOption, GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { toastError } from '../../api/client';
import type { StatChart } from '../../api/stats';
import { useI18n, type Lang } from '../../i18n';
import { useScheme } from '../../lib/themeMode';
import { useLazyModule } from '../../lib/useLazyModule';
import { useReducedMotion } from '../../lib/useReducedMotion';

export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | DataZoomComponentOption
>;

/** The theme's colours and font as the chart uses them. */
export interface ChartLook {
  colors: string[];
  text: string;
  textSecondary: string;
  disabled: string;
  border: string;
  split: string;
  bg: string;
  bgElevated: string;
  link: string;
  primary: string;
  primaryBg: string;
  fontFamily: string;
}

export interface ChartContext {
  look: ChartLook;
  fmt: (n: number) => string;
  /** bars and category labels drill down (a click calls onPick) */
  pickable: boolean;
  animate: boolean;
  /** a narrow container: shorter category labels */
  narrow: boolean;
}

/** A line chart with more points than this gets a zoom slider. */
export const ZOOM_FROM = 32;
/** The plot height up to which a bar chart grows; beyond it the bars scroll. */
const BAR_PLOT_MAX = 320;
/** The band above the plot: the legend, and the download button at its right. */
const TOP = 32;

/** A number in the language's way: 12,345. */
export function numberFormat(lang: Lang): (n: number) => string {
  const nf = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'zh-CN', { maximumFractionDigits: 2 });
  return (n) => nf.format(n);
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const sum = (xs: number[]) => xs.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);

/** Nothing to draw: no labels, or no value anywhere. */
export function chartEmpty(chart: StatChart): boolean {
  return chart.labels.length === 0 || chart.series.every((s) => s.values.every((v) => !v));
}

/** The bar geometry: bar thickness by the number of series, the categories shown at once, and whether the rest scroll. */
export function barLayout(categories: number, series: number): { bar: number; group: number; visible: number; scroll: boolean } {
  const bar = series <= 1 ? 16 : series <= 3 ? 11 : 8;
  const group = series * bar + 12;
  const visible = Math.max(4, Math.floor(BAR_PLOT_MAX / group));
  return { bar, group, visible: Math.min(categories, visible), scroll: categories > visible };
}

/** The chart's ECharts option and the height it needs. */
export function chartOption(chart: StatChart, ctx: ChartContext): { option: ChartOption; height: number } {
  const { look, fmt } = ctx;
  const n = chart.labels.length;
  const textStyle = { color: look.text, fontFamily: look.fontFamily };
  const tooltipBase: TooltipComponentOption = {
    confine: true,
    className: 'bd-chart-tooltip',
    backgroundColor: look.bgElevated,
    borderColor: look.border,
    textStyle: { color: look.text, fontFamily: look.fontFamily, fontSize: 12 },
    valueFormatter: (v) => (typeof v === 'number' ? fmt(v) : String(v ?? '')),
  };
  const base = { animation: ctx.animate, color: look.colors, textStyle, backgroundColor: 'transparent' };
  const legendBase: LegendComponentOption = {
    type: 'scroll',
    textStyle: { color: look.text, fontFamily: look.fontFamily },
    inactiveColor: look.disabled,
    pageIconColor: look.primary,
    pageIconInactiveColor: look.disabled,
    pageTextStyle: { color: look.textSecondary },
    itemWidth: 14,
    itemHeight: 10,
  };
  const zoomLook = {
    backgroundColor: 'transparent',
    borderColor: look.border,
    fillerColor: look.primaryBg,
    handleStyle: { color: look.bg, borderColor: look.primary },
    moveHandleStyle: { color: look.primary, opacity: 0.4 },
    dataBackground: { lineStyle: { color: look.border }, areaStyle: { color: look.split } },
    selectedDataBackground: { lineStyle: { color: look.primary }, areaStyle: { color: look.primaryBg } },
    textStyle: { color: look.textSecondary },
    brushSelect: false,
  };

  if (chart.kind === 'pie') {
    const values = chart.series[0]?.values ?? [];
    const data = chart.labels.map((name, i) => ({ name, value: values[i] ?? 0 })).filter((d) => d.value > 0);
    return {
      height: 280,
      option: {
        ...base,
        tooltip: {
          ...tooltipBase,
          trigger: 'item',
          formatter: (p) => {
            const q = p as { marker?: string; name: string; value: number; percent: number };
            return `${q.marker ?? ''}${esc(q.name)}: <b>${fmt(q.value)}</b> (${q.percent.toFixed(1)}%)`;
          },
        },
        legend: { ...legendBase, orient: 'vertical', right: 8, top: TOP, bottom: 8, formatter: (name: string) => (name.length > 24 ? `${name.slice(0, 23)}…` : name) },
        series: [
          {
            type: 'pie',
            name: chart.series[0]?.name,
            radius: ['42%', '70%'],
            center: ['32%', '55%'],
            data,
            label: { formatter: '{d}%', color: look.textSecondary },
            itemStyle: { borderColor: look.bg, borderWidth: 1 },
          },
        ],
      },
    };
  }

  const legendOn = chart.series.length > 1;
  // a series without any value starts hidden: its legend entry greyed, no bars or flat line of zeros
  const selected = Object.fromEntries(chart.series.map((s) => [s.name, s.values.some((v) => v)]));
  const legend: LegendComponentOption = { ...legendBase, show: legendOn, top: 0, left: 0, right: 40, selected };

  if (chart.kind === 'line') {
    const zoom = n >= ZOOM_FROM;
    const option: ChartOption = {
      ...base,
      legend,
      tooltip: { ...tooltipBase, trigger: 'axis' },
      grid: { left: 8, right: 24, top: TOP + 8, bottom: zoom ? 48 : 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: chart.labels,
        axisLabel: { color: look.textSecondary, hideOverlap: true },
        axisLine: { lineStyle: { color: look.border } },
        axisTick: { show: false },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: { color: look.textSecondary, formatter: (v: number) => fmt(v) },
        splitLine: { lineStyle: { color: look.split } },
      },
      dataZoom: zoom
        ? [
            { type: 'inside', xAxisIndex: 0, zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false, moveOnMouseMove: false },
            { type: 'slider', xAxisIndex: 0, bottom: 8, height: 22, ...zoomLook },
          ]
        : [],
      series: chart.series.map((s) => ({
        type: 'line' as const,
        name: s.name,
        data: s.values,
        showSymbol: n <= 62,
        symbolSize: 6,
        lineStyle: { width: 2 },
        emphasis: { focus: 'series' as const },
      })),
    };
    return { option, height: 280 + (zoom ? 40 : 0) };
  }

  // bars: horizontal, the categories top-down; a long list shows `visible` of them and scrolls
  const shown = chart.series.filter((s) => selected[s.name]).length || 1;
  const geo = barLayout(n, shown);
  const labelWidth = ctx.narrow ? 80 : 150;
  // the labels of the units a click opens (ECharts gives the colour callback the label, not its index)
  const linked = new Set(chart.labels.filter((_, i) => chart.codes?.[i]));
  const option: ChartOption = {
    ...base,
    legend,
    tooltip: { ...tooltipBase, trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: geo.scroll ? 72 : 48, top: TOP, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    yAxis: {
      type: 'category',
      inverse: true,
      data: chart.labels,
      triggerEvent: ctx.pickable,
      // a unit that drills down is written as a link
      axisLabel: {
        width: labelWidth,
        overflow: 'truncate',
        interval: 0,
        color: (label?: string | number) => (ctx.pickable && linked.has(String(label)) ? look.link : look.text),
      },
      axisLine: { lineStyle: { color: look.border } },
      axisTick: { show: false },
    },
    xAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: look.textSecondary, formatter: (v: number) => fmt(v), hideOverlap: true },
      splitLine: { lineStyle: { color: look.split } },
    },
    dataZoom: geo.scroll
      ? [{ type: 'slider', yAxisIndex: 0, orient: 'vertical', right: 8, width: 14, top: TOP, bottom: 28, startValue: 0, endValue: geo.visible - 1, zoomLock: true, showDetail: false, ...zoomLook }]
      : [],
    series: chart.series.map((s) => ({
      type: 'bar' as const,
      name: s.name,
      data: s.values,
      barWidth: geo.bar - 2,
      barGap: '15%',
      cursor: ctx.pickable ? 'pointer' : 'default',
      itemStyle: { borderRadius: [0, 2, 2, 0] },
      label: {
        show: true,
        position: 'right' as const,
        color: look.textSecondary,
        fontSize: 11,
        // no label on a bar of zero
        formatter: (p: { value?: unknown }) => (Number(p.value) > 0 ? fmt(Number(p.value)) : ''),
      },
    })),
  };
  return { option, height: TOP + geo.visible * geo.group + 28 };
}

type Translate = ReturnType<typeof useI18n>['t'];

/** What a screen reader reads for a chart: its title and kind, its range, and per series the total and the largest value. */
export function describeChart(chart: StatChart, t: Translate, fmt: (n: number) => string): string {
  const n = chart.labels.length;
  if (chartEmpty(chart)) return `${chart.title}: ${t('stats.noData')}`;
  const top = (values: number[]) => values.reduce((best, v, i) => (v > values[best] ? i : best), 0);
  if (chart.kind === 'pie') {
    const values = chart.series[0]?.values ?? [];
    const i = top(values);
    const share = ((values[i] / Math.max(1, sum(values.filter((v) => v > 0)))) * 100).toFixed(1);
    return t('stats.chart.ariaPie', { title: chart.title, n, top: chart.labels[i], max: fmt(values[i]), share: `${share}%` });
  }
  const parts = chart.series.map((s) => {
    const i = top(s.values);
    const vars = { name: s.name, total: fmt(sum(s.values)), max: fmt(s.values[i] ?? 0), at: chart.labels[i] };
    return t(chart.kind === 'line' ? 'stats.chart.ariaLineSeries' : 'stats.chart.ariaBarSeries', vars);
  });
  const head =
    chart.kind === 'line'
      ? t('stats.chart.ariaLine', { title: chart.title, from: chart.labels[0], to: chart.labels[n - 1], n })
      : t('stats.chart.ariaBar', { title: chart.title, n });
  return [head, ...parts].join(' ');
}

/** The chart as a PNG: its SVG drawn at twice its size under its title, on the theme's background. */
async function chartPng(inst: EChartsType, title: string, look: ChartLook): Promise<Blob> {
  const w = inst.getWidth();
  const h = inst.getHeight();
  const img = new Image();
  img.src = inst.getDataURL({ excludeComponents: ['dataZoom'] });
  await img.decode();
  const scale = 2;
  const band = title ? 36 : 0;
  const canvas = document.createElement('canvas');
  canvas.width = w * scale;
  canvas.height = (h + band) * scale;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('chart: no 2d canvas');
  g.scale(scale, scale);
  g.fillStyle = look.bg;
  g.fillRect(0, 0, w, h + band);
  if (title) {
    g.fillStyle = look.text;
    g.font = `600 15px ${look.fontFamily}`;
    g.textBaseline = 'middle';
    g.fillText(title, 8, band / 2);
  }
  g.drawImage(img, 0, band, w, h);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('chart: no PNG'))), 'image/png'));
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** ECharts, fetched with the first chart (its own chunk). */
const loadEcharts = () => import('./echarts');

export default function StatChartView({ chart, onPick }: { chart: StatChart; onPick?: (index: number) => void }) {
  const { token } = theme.useToken();
  const scheme = useScheme();
  const { t, lang } = useI18n();
  const animate = !useReducedMotion();
  const boxRef = useRef<HTMLDivElement>(null);
  const instRef = useRef<EChartsType | null>(null);
  const pickRef = useRef(onPick);
  const codesRef = useRef(chart.codes);
  // the legend entries the reader switched, kept when the chart is drawn again (a new theme, a new language)
  const switchedRef = useRef<Record<string, boolean>>({});
  const [ready, setReady] = useState(false);
  const [narrow, setNarrow] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    pickRef.current = onPick;
    codesRef.current = chart.codes;
  });

  // the same chart drawn by a parent that builds it anew on each render is the same chart
  const chartKey = JSON.stringify(chart);
  const stable = useMemo(() => JSON.parse(chartKey) as StatChart, [chartKey]);
  const empty = chartEmpty(stable);
  const fmt = useMemo(() => numberFormat(lang), [lang]);
  const look = useMemo<ChartLook>(
    () => ({
      colors: [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorError, token.purple, token.cyan, token.magenta, token.orange, token.geekblue, token.lime],
      text: token.colorText,
      textSecondary: token.colorTextSecondary,
      disabled: token.colorTextDisabled,
      border: token.colorBorder,
      split: token.colorBorderSecondary,
      bg: token.colorBgContainer,
      bgElevated: token.colorBgElevated,
      link: token.colorLink,
      primary: token.colorPrimary,
      primaryBg: token.colorPrimaryBg,
      fontFamily: token.fontFamily,
    }),
    [token],
  );
  const pickable = !!onPick && !!stable.codes?.length;
  const built = useMemo(
    () => (empty ? undefined : chartOption(stable, { look, fmt, pickable, animate, narrow })),
    [empty, stable, look, fmt, pickable, animate, narrow],
  );
  const description = useMemo(() => describeChart(stable, t, fmt), [stable, t, fmt]);

  // ECharts, fetched with the first chart, on the chart's box while it has one
  const echarts = useLazyModule(loadEcharts);
  useEffect(() => {
    const el = boxRef.current;
    if (empty || !el || !echarts) return;
    let ro: ResizeObserver | undefined;
    // ECharts' own dark theme under the colours of ours (the option sets them from antd's tokens)
    const inst = echarts.init(el, scheme === 'dark' ? 'dark' : null, { renderer: 'svg' });
    instRef.current = inst;
    inst.on('click', (p) => {
      const i = (p as { dataIndex?: number }).dataIndex;
      if ((p.componentType === 'series' || p.componentType === 'yAxis') && i != null && codesRef.current?.[i]) pickRef.current?.(i);
    });
    inst.on('legendselectchanged', (p) => {
      const e = p as { name: string; selected: Record<string, boolean> };
      switchedRef.current = { ...switchedRef.current, [e.name]: e.selected[e.name] };
      el.dataset.hidden = Object.keys(e.selected).filter((k) => !e.selected[k]).join('|');
    });
    if (typeof ResizeObserver !== 'undefined') {
      ro = new ResizeObserver(([entry]) => {
        setNarrow(entry.contentRect.width < 480);
        inst.resize();
      });
      ro.observe(el);
    }
    setReady(true);
    return () => {
      ro?.disconnect();
      inst.dispose();
      instRef.current = null;
      setReady(false);
    };
  }, [empty, echarts, scheme]);

  // the option, with the legend entries the reader switched
  useEffect(() => {
    const inst = instRef.current;
    const el = boxRef.current;
    if (!ready || !inst || !built || !el) return;
    const { option } = built;
    const legend = option.legend as LegendComponentOption | undefined;
    if (legend?.selected) {
      const selected = { ...legend.selected };
      for (const [k, v] of Object.entries(switchedRef.current)) if (k in selected) selected[k] = v;
      option.legend = { ...legend, selected };
      el.dataset.hidden = Object.keys(selected).filter((k) => !selected[k]).join('|');
    }
    el.dataset.zoom = Array.isArray(option.dataZoom) && option.dataZoom.length > 0 ? '1' : '0';
    inst.resize();
    inst.setOption(option, { notMerge: true });
  }, [ready, built]);

  if (empty) {
    return (
      <div data-testid={`stat-chart-${stable.key}`}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stats.noData')} data-testid="stat-chart-empty" />
      </div>
    );
  }

  const save = () => {
    const inst = instRef.current;
    if (!inst) return;
    setSaving(true);
    chartPng(inst, stable.title, look)
      .then((png) => download(png, `${(stable.title || 'chart').replace(/[\\/:*?"<>|]+/g, '_')}.png`))
      .catch((e: unknown) => {
        console.error(e);
        toastError(t('stats.chart.saveFailed'));
      })
      .finally(() => setSaving(false));
  };

  return (
    <div data-testid={`stat-chart-${stable.key}`} style={{ position: 'relative', width: '100%' }}>
      <Tooltip title={t('stats.chart.save')}>
        <Button
          type="text"
          size="small"
          className="stats-noprint"
          icon={<DownloadOutlined />}
          aria-label={t('stats.chart.save')}
          disabled={!ready}
          loading={saving}
          onClick={save}
          style={{ position: 'absolute', top: 0, right: 0, zIndex: 2 }}
          data-testid={`stat-save-${stable.key}`}
        />
      </Tooltip>
      <div ref={boxRef} role="img" aria-label={description} data-testid={`stat-svg-${stable.key}`} style={{ width: '100%', height: built?.height ?? 280 }} />
    </div>
  );
}
