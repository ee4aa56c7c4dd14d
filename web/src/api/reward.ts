/**
 * Calls of the certificate rewards (docs/decisions/0013-demand-collection-and-rewards.md): the rules and the approval
 * settings (/useCertificateRewardSetting), the approval queue (/useCertificateRewardAudit, bound by the data scope of
 * module reward) and the report (/useCertificateRewardReport). Amounts are text in yuan with two decimals.
 */
import { call, callList, defineApis, type CallOptions, type ListParams } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';
import type { RequestBody } from './types';

type Schemas = components['schemas'];

export type RewardRule = Schemas['RewardRule'];
export type RewardApplication = Schemas['RewardApplication'];
export type RewardState = RewardApplication['state'];
export type RewardReport = Schemas['RewardReport'];
export type RewardGroupBy = RewardReport['groupBy'];
export type RewardRuleForm = RequestBody<'/api/reward/rule/add', 'post'>;
export type RewardApplyForm = RequestBody<'/api/portal/reward/apply', 'post'>;
export type MyCertificate = Schemas['RewardMyCertificate'];
export type RewardEligibility = Schemas['RewardEligibility'];
export type TenderOption = Schemas['RewardTenderOption'];

export const REWARD_STATES = ['submitted', 'unit_approved', 'approved', 'rejected'] as const satisfies readonly RewardState[];
export const REWARD_GROUPS = ['person', 'unit', 'kind', 'month'] as const satisfies readonly RewardGroupBy[];
/** The dictionaries of certificate kinds and levels. */
export const CERT_KIND_DICT = 'cert_kind';
export const CERT_LEVEL_DICT = 'cert_level';

const apis = defineApis({
  rewardRuleList: { method: 'GET', path: '/api/reward/rule/list' },
  rewardRuleAdd: { method: 'POST', path: '/api/reward/rule/add' },
  rewardRuleDel: { method: 'DELETE', path: '/api/reward/rule/del' },
  rewardSetting: { method: 'GET', path: '/api/reward/setting' },
  rewardSettingSave: { method: 'PUT', path: '/api/reward/setting' },
  rewardAuditList: { method: 'GET', path: '/api/reward/audit/list' },
  rewardApprove: { method: 'PUT', path: '/api/reward/audit/approve' },
  rewardReject: { method: 'PUT', path: '/api/reward/audit/reject' },
  rewardReport: { method: 'GET', path: '/api/reward/report' },
  rewardCertificates: { method: 'GET', path: '/api/portal/reward/certificates' },
  rewardEligibility: { method: 'GET', path: '/api/portal/reward/eligibility' },
  rewardTenders: { method: 'GET', path: '/api/portal/reward/tenders' },
  rewardApply: { method: 'POST', path: '/api/portal/reward/apply' },
  rewardMine: { method: 'GET', path: '/api/portal/reward/mine' },
});

/** The export 'certificate reward report' (spec section 7). */
export const REWARD_REPORT_EXPORT = '/api/reward/report/export' satisfies GetPath;

type Params = ListParams;

export const listRules = (p: Params) => callList(apis.rewardRuleList, p);
export const addRule = (f: RewardRuleForm) => call(apis.rewardRuleAdd, { ...f });
export const deleteRule = (id: number) => call(apis.rewardRuleDel, { id });
export const getSettings = () => call(apis.rewardSetting);
export const saveSettings = (levels: 1 | 2) => call(apis.rewardSettingSave, { levels });
export const listApplications = (p: Params) => callList(apis.rewardAuditList, p);
export const approveApplications = (ids: number[]) => call(apis.rewardApprove, { ids });
export const rejectApplications = (ids: number[], reason: string) => call(apis.rewardReject, { ids, reason });
export const getReport = (p: Params) => callList(apis.rewardReport, p);

export const myCertificates = (opts?: CallOptions) => call(apis.rewardCertificates, undefined, opts);
/** Can the caller apply: what is missing and whom to ask, their certificates, the approval flow. */
export const rewardEligibility = (opts?: CallOptions) => call(apis.rewardEligibility, undefined, opts);
/** The tenders of the caller's unit line with their bid date and result; for a certificate, which can be claimed. */
export const rewardTenders = (p: Params, opts?: CallOptions) => callList(apis.rewardTenders, p, opts);
export const applyForReward = (f: RewardApplyForm) => call(apis.rewardApply, { ...f });
export const myApplications = (p: Params, opts?: CallOptions) => callList(apis.rewardMine, p, opts);
