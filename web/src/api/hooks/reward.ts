/** Certificate rewards: the report, and the portal's own eligibility and applications (api/reward.ts). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { applyForReward, getReport, myApplications, rewardEligibility } from '../reward';
import { resourceKeys } from './keys';
import { useWrite } from './useWrite';

export const rewardKeys = resourceKeys('rewards');

export const useRewardReport = (params: Record<string, string>) =>
  useQuery({ queryKey: rewardKeys.of('report', params), queryFn: () => getReport(params), placeholderData: keepPreviousData });

/**
 * The portal's reward card. Deliberately silent: the card is an optional extra on the messages page; when the caller
 * may not apply (or the reads fail) the card is simply not shown, and the page goes on without an error toast.
 */
export const useMyRewards = () => ({
  eligibility: useQuery({ queryKey: rewardKeys.of('eligibility'), queryFn: () => rewardEligibility({ silent: true }) }),
  applications: useQuery({ queryKey: rewardKeys.of('mine'), queryFn: () => myApplications({ limit: '50' }, { silent: true }) }),
});

/** An application touches the caller's applications and the audit lists and report. */
export const useApplyForReward = () => useWrite((v: Parameters<typeof applyForReward>[0]) => applyForReward(v), [rewardKeys.all]);
