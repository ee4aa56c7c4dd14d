/** The statistics screens' reports (api/stats.ts): several calls of one screen merged into one report. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mergeReports, statsReport, type StatsApi } from '../stats';
import { resourceKeys } from './keys';

export const statsKeys = resourceKeys('stats');

/** One screen's report for its filters (lang: the labels); the previous report stays while the next loads. */
export const useStatsReport = (calls: readonly StatsApi[] | undefined, params: Record<string, string>, lang: string) =>
  useQuery({
    queryKey: statsKeys.of('report', calls, params, lang),
    queryFn: () => Promise.all(calls!.map((api) => statsReport(api, params))).then(mergeReports),
    enabled: !!calls,
    placeholderData: keepPreviousData,
  });
