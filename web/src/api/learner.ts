/**
 * The curriculum-user API (spec section 7; docs/content.md): the mobile plug-in's sign-in with its own session
 * (h5Token), the forgotten-password codes, sign-out, the sign-in date, and the learner page's reads. The calls send
 * the h5Token (client.ts, ApiDef.h5); code 401 clears it and returns to the plug-in's login.
 */
import { call, defineRoutes } from './client';
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

const h5 = { auth: false, h5: true } as const;
const open = { auth: false, h5: false } as const;

export const learnerApis = defineRoutes({
  login: { method: 'POST', path: '/api/biapp/curriculum/user/login', ...open },
  forgetsword: { method: 'POST', path: '/api/biapp/curriculum/user/forgetsword', ...open },
  sendYzm: { method: 'GET', path: '/api/biapp/curriculum/user/sendYzm', ...open },
  outLogin: { method: 'GET', path: '/api/biapp/curriculum/user/outLogin', ...h5 },
  updateLoginDate: { method: 'GET', path: '/api/biapp/curriculum/user/updateLoginDate', ...h5 },
  courses: { method: 'GET', path: '/api/biapp/curriculum/user/courses', ...h5 },
  course: { method: 'GET', path: '/api/biapp/curriculum/user/course', ...h5 },
  getSig: { method: 'GET', path: '/api/biapp/curriculum/user/getSig', ...h5 },
  special: { method: 'GET', path: '/api/biapp/curriculum/user/special', ...h5 },
  catalog: { method: 'GET', path: '/api/biapp/curriculum/user/catalog', ...h5 },
  handoverLogin: { method: 'POST', path: '/api/biapp/curriculum/user/handoverLogin', ...open },
  /** with the web session (not the h5Token): a single-use code bound to it */
  handover: { method: 'POST', path: '/api/biapp/curriculum/user/handover' },
});

export async function learnerLogin(LoginCode: string, PassWord: string): Promise<H5Session> {
  const s = await call(learnerApis.login, { LoginCode, PassWord, os: 'h5' });
  setH5Session(s);
  return s;
}
export const sendYzm = (LoginCode: string) => call(learnerApis.sendYzm, { LoginCode });
export const forgetsword = (f: { LoginCode: string; yzm: string; newPassword: string; replacePassword: string }) =>
  call(learnerApis.forgetsword, f);
export const outLogin = () => call(learnerApis.outLogin, undefined, { silent: true });
export const updateLoginDate = () => call(learnerApis.updateLoginDate);
export const learnerCourses = () => call(learnerApis.courses);
export const learnerCourse = (id: number) => call(learnerApis.course, { id });
export const learnerSig = (id: number) => call(learnerApis.getSig, { id });
export const learnerSpecial = (id: number) => call(learnerApis.special, { id });
export const learnerCatalog = () => call(learnerApis.catalog);

/**
 * The portal's way in (docs/decisions/0017): the web session asks for a single-use code (60 s, bound to that
 * session) and exchanges it at once, by POST, for a mobile session of the same account; no token is put in an
 * address and the web session is not given to the mobile calls. Silent: on failure the page shows its sign-in.
 */
export async function continueWebSession(): Promise<H5Session> {
  const { code } = await call(learnerApis.handover, undefined, { silent: true });
  const s = await call(learnerApis.handoverLogin, { code, os: 'h5' }, { silent: true });
  setH5Session(s);
  return s;
}
