/** Calls of /externalOrgan, /externalUser (external organisations and their accounts) and /handover_manager. */
import { callApi, defineApis } from './client';
import type { components } from './schema';
import type { RequestBody } from './types';
import type { Page } from '../components/list/query';
import type { SysUser } from './admin';

type Schemas = components['schemas'];
export type ExtOrg = Schemas['ExtOrg'];
export type ExtOrgForm = RequestBody<'/api/sys/externalOrgan/add', 'post'>;
export type ExtUserForm = RequestBody<'/api/sys/externalUser/add', 'post'>;
export type HandoverKind = Schemas['HandoverKind'];
export type HandoverPreview = Schemas['HandoverPreview'];
export type Handover = Schemas['Handover'];
export type RoleRef = Schemas['RoleRef'];

defineApis({
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
} as const;

type Params = Record<string, string>;

export const listExtOrgs = (p: Params) => callApi<Page<ExtOrg>>('extOrgList', p);
export const addExtOrg = (f: ExtOrgForm) => callApi<{ id: number }>('extOrgAdd', { ...f });
export const editExtOrg = (f: ExtOrgForm & { id: number }) => callApi<null>('extOrgEdit', { ...f });
export const changeExtOrgState = (ids: number[], state: 0 | 1) => callApi<null>('extOrgChangeState', { ids, state });
export const deleteExtOrgs = (ids: number[]) => callApi<null>('extOrgDel', { ids: ids.join(',') });

export const listExtUsers = (p: Params) => callApi<Page<SysUser>>('extUserList', p);
export const extUserRoles = () => callApi<RoleRef[]>('extUserRoles');
export const addExtUser = (f: ExtUserForm) => callApi<{ id: number }>('extUserAdd', { ...f });
export const editExtUser = (f: ExtUserForm & { id: number }) => callApi<null>('extUserEdit', { ...f });
export const changeExtUserState = (ids: number[], state: 0 | 1) => callApi<null>('extUserChangeState', { ids, state });
export const resetExtUserPassword = (id: number, password: string) => callApi<null>('extUserResetPwd', { id, password });
export const deleteExtUsers = (ids: number[]) => callApi<null>('extUserDel', { ids: ids.join(',') });

export const handoverKinds = () => callApi<HandoverKind[]>('handoverKinds');
export const previewHandover = (fromUserId: number, toUserId: number) =>
  callApi<HandoverPreview>('handoverPreview', { fromUserId: String(fromUserId), toUserId: String(toUserId) });
export const runHandover = (fromUserId: number, toUserId: number, remark: string) =>
  callApi<HandoverPreview>('handoverRun', { fromUserId, toUserId, remark });
export const undoHandover = (id: number) => callApi<null>('handoverUndo', { id });
export const listHandovers = (p: Params) => callApi<Page<Handover>>('handoverList', p);
