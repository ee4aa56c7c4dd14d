/** Calls of /externalOrgan, /externalUser (external organisations and their accounts) and /handover_manager. */
import { call, callList, defineApis, type ListParams } from './client';
import type { components } from './schema';
import type { GetPath } from './routes';
import type { RequestBody } from './types';

type Schemas = components['schemas'];
export type ExtOrg = Schemas['ExtOrg'];
export type ExtOrgForm = RequestBody<'/api/sys/externalOrgan/add', 'post'>;
export type ExtUserForm = RequestBody<'/api/sys/externalUser/add', 'post'>;
export type HandoverKind = Schemas['HandoverKind'];
export type HandoverPreview = Schemas['HandoverPreview'];
/** What a hand-over did (POST /api/sys/handover/run): its id (for undo), the two accounts, the rows moved per kind. */
export type HandoverResult = Schemas['HandoverResult'];
export type Handover = Schemas['Handover'];
export type RoleRef = Schemas['RoleRef'];

const apis = defineApis({
  extOrgList: { method: 'GET', path: '/api/sys/externalOrgan/list' },
  extOrgAdd: { method: 'POST', path: '/api/sys/externalOrgan/add' },
  extOrgEdit: { method: 'PUT', path: '/api/sys/externalOrgan/edit' },
  extOrgChangeState: { method: 'PUT', path: '/api/sys/externalOrgan/changeState' },
  extOrgDel: { method: 'DELETE', path: '/api/sys/externalOrgan/del' },
  extUserList: { method: 'GET', path: '/api/sys/externalUser/list' },
  extUserRoles: { method: 'GET', path: '/api/sys/externalUser/roles' },
  extUserAdd: { method: 'POST', path: '/api/sys/externalUser/add' },
  extUserEdit: { method: 'PUT', path: '/api/sys/externalUser/edit' },
  extUserChangeState: { method: 'PUT', path: '/api/sys/externalUser/changeState' },
  extUserResetPwd: { method: 'PUT', path: '/api/sys/externalUser/resetPwd' },
  extUserDel: { method: 'DELETE', path: '/api/sys/externalUser/del' },
  handoverKinds: { method: 'GET', path: '/api/sys/handover/kinds' },
  handoverPreview: { method: 'GET', path: '/api/sys/handover/preview' },
  handoverRun: { method: 'POST', path: '/api/sys/handover/run' },
  handoverUndo: { method: 'POST', path: '/api/sys/handover/undo' },
  handoverList: { method: 'GET', path: '/api/sys/handover/list' },
});

export const EXTERNAL_EXPORTS = {
  orgs: '/api/sys/externalOrgan/export',
  users: '/api/sys/externalUser/export',
  handovers: '/api/sys/handover/export',
} as const satisfies Record<string, GetPath>;

type Params = ListParams;

export const listExtOrgs = (p: Params) => callList(apis.extOrgList, p);
export const addExtOrg = (f: ExtOrgForm) => call(apis.extOrgAdd, { ...f });
export const editExtOrg = (f: ExtOrgForm & { id: number }) => call(apis.extOrgEdit, { ...f });
export const changeExtOrgState = (ids: number[], state: 0 | 1) => call(apis.extOrgChangeState, { ids, state });
export const deleteExtOrgs = (ids: number[]) => call(apis.extOrgDel, { ids });

export const listExtUsers = (p: Params) => callList(apis.extUserList, p);
export const extUserRoles = () => call(apis.extUserRoles);
export const addExtUser = (f: ExtUserForm) => call(apis.extUserAdd, { ...f });
export const editExtUser = (f: ExtUserForm & { id: number }) => call(apis.extUserEdit, { ...f });
export const changeExtUserState = (ids: number[], state: 0 | 1) => call(apis.extUserChangeState, { ids, state: String(state) });
export const resetExtUserPassword = (id: number, password: string) => call(apis.extUserResetPwd, { id, password });
export const deleteExtUsers = (ids: number[]) => call(apis.extUserDel, { ids });

export const handoverKinds = () => call(apis.handoverKinds);
export const previewHandover = (fromUserId: number, toUserId: number) =>
  call(apis.handoverPreview, { fromUserId, toUserId });
export const runHandover = (fromUserId: number, toUserId: number, remark: string) =>
  call(apis.handoverRun, { fromUserId, toUserId, remark });
export const undoHandover = (id: number) => call(apis.handoverUndo, { id });
export const listHandovers = (p: Params) => callList(apis.handoverList, p);
