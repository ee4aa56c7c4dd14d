/**
 * The statistics charts: a line chart (a time series) and a horizontal bar chart (categories: units, material
 * types, roles), drawn as plain SVG in antd's colours. Hand-written instead of a chart library so that the
 * statistics chunk stays a few kilobytes; loaded with the pages that draw one (statistics, dynamic reports). Hovering
 * a point, a bar or a slice shows its value (an SVG title); a bar of a unit chart drills down when onPick is given. A
 * pie (kind 'pie', the dynamic reports') shares out the first series over the labels.
 */
import { useEffect, useRef, useState } from 'react';
import { Empty, theme } from 'antd';
import type { StatChart } from '../../api/stats';
import { useI18n } from '../../i18n';

/** A readable step for an axis up to max: 1, 2 or 5 times a power of ten, about five ticks. */
export function niceStep(max: number): number {
  if (max <= 5) return 1;
  const raw = max / 5;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const m = raw / pow;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * pow;
}

/** The indexes of the labels an axis shows: at most about `room` of them, evenly, always the first and last. */
export function shownLabels(count: number, room: number): number[] {
  if (count <= room) return Array.from({ length: count }, (_, i) => i);
  const every = Math.ceil(count / Math.max(1, room - 1)); // one place kept for the last label
  const out: number[] = [];
  for (let i = 0; i < count; i += every) out.push(i);
  const last = count - 1;
  // the last label replaces the one before it when the two would touch
  if (out[out.length - 1] !== last) {
    if (last - out[out.length - 1] < every / 2) out[out.length - 1] = last;
    else out.push(last);
  }
  return out;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.max(280, Math.floor(e.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

/** The slices of a pie: each positive value's share as start and end angles (radians from 12 o'clock, clockwise). */
export function pieSlices(values: number[]): { index: number; start: number; end: number; share: number }[] {
  const sum = values.reduce((a, v) => a + (v > 0 ? v : 0), 0);
  if (sum <= 0) return [];
  let at = 0;
  const out: { index: number; start: number; end: number; share: number }[] = [];
  values.forEach((v, index) => {
    if (!(v > 0)) return;
    const share = v / sum;
    out.push({ index, start: at, end: at + share * 2 * Math.PI, share });
    at += share * 2 * Math.PI;
  });
  return out;
}

export default function StatChartView({ chart, onPick }: { chart: StatChart; onPick?: (index: number) => void }) {
  const { token } = theme.useToken();
  const { t } = useI18n();
  const [ref, width] = useWidth();
  const palette = [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorError, '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#2f54eb', '#a0d911'];
  const total = chart.series.reduce((n, s) => n + s.values.reduce((a, b) => a + b, 0), 0);
  const empty = chart.labels.length === 0 || total === 0;
  const font = { fontSize: 11, fill: token.colorTextSecondary };

  const legend = chart.series.length > 1 && (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 6, fontSize: 12 }}>
      {chart.series.map((s, i) => (
        <span key={s.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <span style={{ width: 10, height: 10, borderRadius: 2, background: palette[i % palette.length] }} />
          {s.name}
        </span>
      ))}
    </div>
  );

  let body;
  if (empty) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stats.noData')} data-testid="stat-chart-empty" />;
  } else if (chart.kind === 'pie') {
    const values = chart.series[0]?.values ?? [];
    const size = 220;
    const r = size / 2 - 6;
    const c = size / 2;
    const at = (a: number, rr = r) => [c + rr * Math.sin(a), c - rr * Math.cos(a)] as const;
    const slices = pieSlices(values);
    body = (
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 24 }}>
        <svg width={size} height={size} role="img" aria-label={chart.title} data-testid={`stat-svg-${chart.key}`}>
          {slices.map((sl) => {
            const color = palette[sl.index % palette.length];
            const tip = <title>{`${chart.labels[sl.index]}: ${values[sl.index]} (${(sl.share * 100).toFixed(1)}%)`}</title>;
            if (sl.share >= 0.9999) {
              return (
                <circle key={sl.index} cx={c} cy={c} r={r} fill={color}>
                  {tip}
                </circle>
              );
            }
            const [x1, y1] = at(sl.start);
            const [x2, y2] = at(sl.end);
            const large = sl.end - sl.start > Math.PI ? 1 : 0;
            return (
              <path key={sl.index} d={`M${c},${c} L${x1},${y1} A${r},${r} 0 ${large} 1 ${x2},${y2} Z`} fill={color} stroke={token.colorBgContainer} strokeWidth={1}>
                {tip}
              </path>
            );
          })}
          <circle cx={c} cy={c} r={r * 0.5} fill={token.colorBgContainer} />
        </svg>
        <div style={{ display: 'grid', gap: 4, fontSize: 12 }}>
          {slices.map((sl) => (
            <span key={sl.index} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <span style={{ width: 10, height: 10, borderRadius: 2, background: palette[sl.index % palette.length] }} />
              {clip(chart.labels[sl.index] ?? '', 24)}
              <span style={{ color: token.colorTextSecondary }}>
                {values[sl.index]} ({(sl.share * 100).toFixed(1)}%)
              </span>
            </span>
          ))}
        </div>
      </div>
    );
  } else if (chart.kind === 'line') {
    const height = 240;
    // room for half a date label at each end
    const pad = { l: 44, r: 36, t: 10, b: 28 };
    const max = Math.max(1, ...chart.series.flatMap((s) => s.values));
    const step = niceStep(max);
    const top = Math.ceil(max / step) * step;
    const w = width - pad.l - pad.r;
    const h = height - pad.t - pad.b;
    const n = chart.labels.length;
    const x = (i: number) => pad.l + (n === 1 ? w / 2 : (i * w) / (n - 1));
    const y = (v: number) => pad.t + h - (v / top) * h;
    const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
    body = (
      <svg width={width} height={height} role="img" aria-label={chart.title} data-testid={`stat-svg-${chart.key}`}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={pad.l} x2={width - pad.r} y1={y(v)} y2={y(v)} stroke={token.colorBorderSecondary} />
            <text x={pad.l - 6} y={y(v) + 4} textAnchor="end" {...font}>
              {v}
            </text>
          </g>
        ))}
        {shownLabels(n, Math.max(2, Math.floor(w / 90))).map((i) => (
          <text key={i} x={x(i)} y={height - 8} textAnchor="middle" {...font}>
            {chart.labels[i]}
          </text>
        ))}
        {chart.series.map((s, si) => {
          const color = palette[si % palette.length];
          return (
            <g key={s.key}>
              <polyline fill="none" stroke={color} strokeWidth={2} points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
              {s.values.map((v, i) => (
                <circle key={i} cx={x(i)} cy={y(v)} r={n <= 62 ? 3 : 1.5} fill={token.colorBgContainer} stroke={color} strokeWidth={1.5}>
                  <title>{`${chart.labels[i]} ${s.name}: ${v}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
    );
  } else {
    const n = chart.labels.length;
    const k = chart.series.length;
    const bar = 12;
    const group = k * bar + 10;
    const labelW = Math.min(180, Math.max(80, Math.floor(width * 0.28)));
    const pad = { t: 4, r: 48, b: 4 };
    const height = pad.t + pad.b + n * group;
    const max = Math.max(1, ...chart.series.flatMap((s) => s.values));
    const w = width - labelW - pad.r;
    body = (
      <svg width={width} height={height} role="img" aria-label={chart.title} data-testid={`stat-svg-${chart.key}`}>
        {chart.labels.map((label, i) => {
          const gy = pad.t + i * group;
          const pick = onPick && chart.codes?.[i] ? () => onPick(i) : undefined;
          return (
            <g key={i} style={pick ? { cursor: 'pointer' } : undefined} onClick={pick}>
              <text x={labelW - 8} y={gy + (k * bar) / 2 + 4} textAnchor="end" fontSize={12} fill={pick ? token.colorLink : token.colorText}>
                <title>{label}</title>
                {clip(label, Math.floor(labelW / 12))}
              </text>
              {chart.series.map((s, si) => {
                const v = s.values[i] ?? 0;
                const bw = (v / max) * w;
                return (
                  <g key={s.key}>
                    <rect x={labelW} y={gy + si * bar} width={Math.max(v > 0 ? 2 : 0, bw)} height={bar - 2} rx={2} fill={palette[si % palette.length]}>
                      <title>{`${label} ${s.name}: ${v}`}</title>
                    </rect>
                    <text x={labelW + bw + 4} y={gy + si * bar + bar - 3} {...font}>
                      {v}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
    );
  }
  return (
    <div ref={ref} data-testid={`stat-chart-${chart.key}`} style={{ width: '100%', overflowX: 'hidden' }}>
      {!empty && chart.kind !== 'pie' && legend}
      {body}
    </div>
  );
}
