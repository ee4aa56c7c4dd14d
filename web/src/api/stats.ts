/**
 * Calls of the usage statistics (internal/stats, docs/api.md "Usage statistics"): every call answers a report
 * (headline numbers, charts, tables) for the filter card's parameters; the types are generated (stats.Report).
 */
import { callList, defineApis } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';

type Schemas = components['schemas'];
export type StatSeries = Schemas['StatsSeries'];
/** kind is line or bar; a chart of units has codes, each label's unit code (a bar drills down) */
export type StatChart = Schemas['StatsChart'];
/** a distinct column counts distinct accounts: the rows do not add up */
export type StatColumn = Schemas['StatsColumn'];
export type StatRow = Schemas['StatsTable']['rows'][number];
/** drill: the row field holding the unit code a row drills down to; noTotal: a top list; totals: distinct counts */
export type StatTable = Schemas['StatsTable'];
export type StatNumber = Schemas['StatsStat'];
export type StatReport = Schemas['StatsReport'];

export const STATS_APIS = defineApis({
  statsPersonnel: { method: 'GET', path: '/api/dataHumanResources/statistics' },
  statsRole: { method: 'GET', path: '/api/sys/statistics/role' },
  downloadStatistics: { method: 'GET', path: '/api/sys/oplog/downloadStatistics' },
  downloadStatisticsHistogram: { method: 'GET', path: '/api/sys/oplog/downloadStatisticsHistogram' },
  downloadStatisticsLineChart: { method: 'GET', path: '/api/sys/oplog/downloadStatisticsLineChart' },
  statsUpload: { method: 'GET', path: '/api/sys/statistics/upload' },
  statsCa: { method: 'GET', path: '/api/sys/statistics/ca' },
  statsDemand: { method: 'GET', path: '/api/sys/statistics/demand' },
  statsSummary: { method: 'GET', path: '/api/sys/statistics/summary' },
  statsAccount: { method: 'GET', path: '/api/sys/statistics/account' },
  statsTraining: { method: 'GET', path: '/api/sys/statistics/training' },
});

export type StatsApi = keyof typeof STATS_APIS;

/** Export paths (GET in a new window with a download ticket). */
export const STATS_EXPORTS = {
  personnel: '/api/dataHumanResources/exportStatistics',
  role: '/api/sys/statistics/exportUserRoles',
  download: '/api/sys/oplog/exportDownloadStatistics',
  upload: '/api/sys/statistics/exportUpload',
  ca: '/api/sys/statistics/exportCa',
  demand: '/api/sys/statistics/exportDemand',
  summary: '/api/sys/statistics/exportSummary',
  account: '/api/sys/statistics/exportAccount',
  /** export 'statistics' (training) */
  training: '/api/sys/statistics/exportTraining',
} as const satisfies Record<string, GetPath>;

export const statsReport = (api: StatsApi, params: Record<string, string>) => callList(STATS_APIS[api], params);

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
