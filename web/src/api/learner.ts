/**
 * The curriculum-user API (spec section 7; docs/content.md): the mobile plug-in's sign-in with its own session
 * (h5Token), the forgotten-password codes, sign-out, the sign-in date, and the learner page's reads. The calls send
 * the h5Token (client.ts, ApiDef.h5); code 401 clears it and returns to the plug-in's login.
 */
import { request, type ApiDef } from './client';
import type { components } from './schema';
import { setH5Session, type H5Session } from '../lib/h5Session';

type Schemas = components['schemas'];
export type CodeSent = Schemas['ContentCodeSent'];
export type LearnerCourse = Schemas['ContentLearnerCourse'];
export type Catalog = Schemas['ContentCatalog'];
export type SpecialView = Schemas['ContentSpecialView'];
export type Courseware = Schemas['ContentCourseware'];
export type PushItem = Schemas['ContentPushItem'];
export type Sig = Schemas['ContentSig'];

const base = '/api/biapp/curriculum/user/';
const def = (method: ApiDef['method'], name: string, h5 = true): ApiDef => ({ method, path: base + name, auth: false, h5 });

export const learnerApis = {
  login: def('POST', 'login', false),
  forgetsword: def('POST', 'forgetsword', false),
  sendYzm: def('GET', 'sendYzm', false),
  outLogin: def('GET', 'outLogin'),
  updateLoginDate: def('GET', 'updateLoginDate'),
  courses: def('GET', 'courses'),
  course: def('GET', 'course'),
  getSig: def('GET', 'getSig'),
  special: def('GET', 'special'),
  catalog: def('GET', 'catalog'),
  handoverLogin: def('POST', 'handoverLogin', false),
  /** with the web session (not the h5Token): a single-use code bound to it */
  handover: { method: 'POST', path: base + 'handover' } as ApiDef,
};

export async function learnerLogin(LoginCode: string, PassWord: string): Promise<H5Session> {
  const s = await request<Schemas['ContentH5Session']>(learnerApis.login, { LoginCode, PassWord, os: 'h5' });
  setH5Session(s);
  return s;
}
export const sendYzm = (LoginCode: string) => request<CodeSent>(learnerApis.sendYzm, { LoginCode });
export const forgetsword = (f: { LoginCode: string; yzm: string; newPassword: string; replacePassword: string }) =>
  request<null>(learnerApis.forgetsword, f);
export const outLogin = () => request<null>(learnerApis.outLogin, undefined, { silent: true });
export const updateLoginDate = () => request<Schemas['ContentLoginDate']>(learnerApis.updateLoginDate);
export const learnerCourses = () => request<PushItem[]>(learnerApis.courses);
export const learnerCourse = (id: number) => request<LearnerCourse>(learnerApis.course, { id });
export const learnerSig = (id: number) => request<Sig>(learnerApis.getSig, { id });
export const learnerSpecial = (id: number) => request<SpecialView>(learnerApis.special, { id });
export const learnerCatalog = () => request<Catalog>(learnerApis.catalog);

/**
 * The portal's way in (docs/decisions/0017): the web session asks for a single-use code (60 s, bound to that
 * session) and exchanges it at once, by POST, for a mobile session of the same account; no token is put in an
 * address and the web session is not given to the mobile calls. Silent: on failure the page shows its sign-in.
 */
export async function continueWebSession(): Promise<H5Session> {
  const { code } = await request<Schemas['H5Handover']>(learnerApis.handover, undefined, { silent: true });
  const s = await request<Schemas['ContentH5Session']>(learnerApis.handoverLogin, { code, os: 'h5' }, { silent: true });
  setH5Session(s);
  return s;
}
