/**
 * Calls of the usage statistics (internal/stats, docs/api.md "Usage statistics"): every call answers a report
 * (headline numbers, charts, tables) for the filter card's parameters. The types mirror stats.Report until the
 * API description is generated from the route table.
 */
import { callApi, defineApis } from './client';

export interface StatSeries {
  key: string;
  name: string;
  values: number[];
}
export interface StatChart {
  key: string;
  title: string;
  kind: 'line' | 'bar';
  labels: string[];
  series: StatSeries[];
  /** a chart of units: each label's unit code (a bar drills down) */
  codes?: string[];
}
export interface StatColumn {
  key: string;
  title: string;
  number?: boolean;
  /** a count of distinct accounts or files: the rows do not add up */
  distinct?: boolean;
}
export type StatRow = Record<string, string | number | boolean>;
export interface StatTable {
  key: string;
  title: string;
  columns: StatColumn[];
  rows: StatRow[];
  /** the row field holding the unit code a row drills down to */
  drill?: string;
  /** a top list: no total row */
  noTotal?: boolean;
  /** total cells the rows do not add up to (distinct counts), by column */
  totals?: Record<string, number>;
}
export interface StatNumber {
  key: string;
  title: string;
  value: number;
}
export interface StatReport {
  startTime: string;
  endTime: string;
  period: 'day' | 'week' | 'month';
  unit: { unitCode: string; unitName: string; leaf: boolean } | null;
  charts: StatChart[];
  tables: StatTable[];
  summary: StatNumber[];
  timeZone: string;
}

export const STATS_APIS = defineApis({
  statsPersonnel: { method: 'GET', path: '/api/dataHumanResources/statistics' },
  statsRole: { method: 'GET', path: '/api/sys/statistics/role' },
  downloadStatistics: { method: 'GET', path: '/api/sys/oplog/downloadStatistics' },
  downloadStatisticsHistogram: { method: 'GET', path: '/api/sys/oplog/downloadStatisticsHistogram' },
  downloadStatisticsLineChart: { method: 'GET', path: '/api/sys/oplog/downloadStatisticsLineChart' },
  statsUpload: { method: 'GET', path: '/api/sys/statistics/upload' },
  statsCa: { method: 'GET', path: '/api/sys/statistics/ca' },
  statsSummary: { method: 'GET', path: '/api/sys/statistics/summary' },
  statsAccount: { method: 'GET', path: '/api/sys/statistics/account' },
});

export type StatsApi = keyof typeof STATS_APIS;

/** Export paths (GET in a new window with a download ticket). */
export const STATS_EXPORTS = {
  personnel: '/api/dataHumanResources/exportStatistics',
  role: '/api/sys/statistics/exportUserRoles',
  download: '/api/sys/oplog/exportDownloadStatistics',
  upload: '/api/sys/statistics/exportUpload',
  ca: '/api/sys/statistics/exportCa',
  summary: '/api/sys/statistics/exportSummary',
  account: '/api/sys/statistics/exportAccount',
} as const;

export const statsReport = (api: StatsApi, params: Record<string, string>) => callApi<StatReport>(api, params);

/** The reports of a screen's calls as one: numbers of the first that has any, then every chart and table in order. */
export function mergeReports(reports: StatReport[]): StatReport | undefined {
  if (reports.length === 0) return undefined;
  const [first] = reports;
  return {
    ...first,
    summary: reports.find((r) => r.summary.length > 0)?.summary ?? [],
    charts: reports.flatMap((r) => r.charts),
    tables: reports.flatMap((r) => r.tables),
  };
}
