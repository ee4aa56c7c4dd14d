/** Certificate rewards: the report, and the portal's own eligibility and applications (api/reward.ts). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { applyForReward, approveApplications, deleteRule, getReport, getSettings, myApplications, rejectApplications, rewardEligibility, rewardTenders, saveSettings } from '../reward';
import type { MyCertificate } from '../reward';
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

/** The approval levels (1 or 2). */
export const useRewardSettings = () => useQuery({ queryKey: rewardKeys.of('settings'), queryFn: getSettings });
/** The levels change every application's next step: the whole resource. */
export const useSaveRewardSettings = () => useWrite((levels: 1 | 2) => saveSettings(levels), [rewardKeys.all]);
/** The audit's decisions and a rule's removal touch the applications, their lists and the report. */
export const useApproveApplications = () => useWrite((ids: number[]) => approveApplications(ids), [rewardKeys.all]);
export const useRejectApplications = () => useWrite((v: { ids: number[]; reason: string }) => rejectApplications(v.ids, v.reason), [rewardKeys.all]);
export const useDeleteRewardRule = () => useWrite((id: number) => deleteRule(id), [rewardKeys.all]);

/**
 * The tenders an applicant may name for a certificate, searched by keyword. Quiet: a failed search leaves the select
 * empty ('no tender'), and the applicant may type again.
 */
export const useRewardTenders = (cert: MyCertificate | undefined, keyword: string) =>
  useQuery({
    queryKey: rewardKeys.of('tenders', cert?.source, cert?.trainingCertId, cert?.expertId, cert?.number, keyword),
    queryFn: () =>
      rewardTenders(
        cert!.source === 'training' ? { keyword, trainingCertId: String(cert!.trainingCertId) } : { keyword, expertId: String(cert!.expertId), certNumber: cert!.number },
        { silent: true },
      ).then((r) => r ?? []),
    enabled: !!cert,
  });
