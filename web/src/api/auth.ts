import { call, callValue, defineApis, type CallOptions } from './client';
import type { DictEntry, LoginParams, LoginResult, UpdatePwdParams } from './types';
import type { components } from './schema';

const apis = defineApis({
  login: { method: 'POST', path: '/api/login', auth: false },
  outSiteLogin: { method: 'POST', path: '/api/outSite/login', auth: false },
  renewLogin: { method: 'POST', path: '/api/login/renew', auth: false },
  logout: { method: 'POST', path: '/api/logout' },
  updatePwd: { method: 'PUT', path: '/api/sys/user/updatePwd' },
  userInfo: { method: 'GET', path: '/api/sys/user/info' },
  session: { method: 'GET', path: '/api/sys/user/session' },
});

/** A short description of the client OS, recorded in the login log. */
export function clientOs(): string {
  const ua = navigator.userAgent;
  const known: [RegExp, string][] = [
    [/Windows/i, 'Windows'],
    [/Android/i, 'Android'],
    [/iPhone|iPad|iPod/i, 'iOS'],
    [/Mac OS X|Macintosh/i, 'macOS'],
    [/Linux/i, 'Linux'],
  ];
  return known.find(([re]) => re.test(ua))?.[1] ?? 'Other';
}

/**
 * A session answer with its dictionaries read as the trees GET /api/sys/dict/getDictCache answers: the server sends
 * them pre-encoded, so the document can only say 'a list' (its description names DictEntry).
 */
const withDicts = <T extends { dictData: unknown[] }>(answer: Promise<T>) =>
  answer as Promise<Omit<T, 'dictData'> & { dictData: DictEntry[] }>;

function loginBody(LoginCode: string, PassWord: string, response = '', os = clientOs()): LoginParams {
  return { LoginCode, PassWord, response, os };
}

/** remember: an HR-origin sign-in; the answer then carries a renewal token for silent re-login. */
export const login = (LoginCode: string, PassWord: string, response?: string, os?: string, opts?: CallOptions, remember = false) =>
  withDicts(callValue(apis.login, { ...loginBody(LoginCode, PassWord, response, os), ...(remember ? { remember: 'ahr' } : {}) }, opts));

/** Silent re-login of a remembered HR-origin sign-in (single-use token; the answer carries the next one). */
export const renewLogin = (renewToken: string, opts?: CallOptions) =>
  withDicts(callValue(apis.renewLogin, { renewToken, os: clientOs() }, opts));

export const outSiteLogin = (LoginCode: string, PassWord: string, response?: string, os?: string, opts?: CallOptions) =>
  withDicts(callValue(apis.outSiteLogin, { ...loginBody(LoginCode, PassWord, response, os) }, opts));

/** Resolves with the logout URL to load in the hidden logout frame. */
export const logout = (opts?: CallOptions) => call(apis.logout, undefined, opts);

export const updatePwd = (p: UpdatePwdParams, opts?: CallOptions) => call(apis.updatePwd, { ...p }, opts);

export const userInfo = (opts?: CallOptions) => callValue(apis.userInfo, undefined, opts);

/** The session user again (fresh menus and function codes). */
export const session = (opts?: CallOptions) => withDicts(callValue(apis.session, undefined, opts));

const themeApis = defineApis({ saveTheme: { method: 'PUT', path: '/api/sys/user/theme' } });

/** Remembers the caller's colour theme for the account (issue 34): every browser it signs in from shows it. */
export const saveTheme = (theme: NonNullable<LoginResult['theme']>, opts?: CallOptions) => call(themeApis.saveTheme, { theme }, opts);

const apis2 = defineApis({
  getVerify: { method: 'POST', path: '/api/getVerify', auth: false },
  forestPwd: { method: 'PUT', path: '/api/forestPwd', auth: false },
  ssoStart: { method: 'GET', path: '/api/sso/start', auth: false },
  ssoLogin: { method: 'POST', path: '/api/sso/login', auth: false },
});

/** Asks for a verification code for a forgotten password; the answer is the same whether the account exists. */
export const getVerify = (LoginCode: string, opts?: CallOptions) =>
  callValue(apis2.getVerify, { LoginCode }, opts);

export interface ForestPwdParams {
  LoginCode: string;
  verifyCode: string;
  newPassword: string;
  replacePassword: string;
}

/** Sets a new password with the verification code; every session of the account ends. */
export const forestPwd = (p: ForestPwdParams, opts?: CallOptions) => call(apis2.forestPwd, { ...p }, opts);

/** Where /sso starts: the mode, and in 'oidc' mode the HR system's sign-in address. */
export const ssoStart = (opts?: CallOptions) => callValue(apis2.ssoStart, undefined, opts);

/** Exchanges the HR system's code (and state, oidc) for a session marked HR-origin (with a renewal token). */
export const ssoLogin = (code: string, state?: string, opts?: CallOptions) =>
  withDicts(callValue(apis2.ssoLogin, { code, ...(state ? { state } : {}), os: clientOs() }, opts));

export type SsoSettings = components['schemas']['SSOSettings'];
export type SsoTestResult = components['schemas']['SSOTestResult'];

const apis3 = defineApis({
  ssoSettings: { method: 'GET', path: '/api/sys/sso/settings' },
  ssoTest: { method: 'POST', path: '/api/sys/sso/test' },
});

/** The single sign-on and verification-code settings in force (read-only; secrets masked). */
export const ssoSettings = (opts?: CallOptions) => callValue(apis3.ssoSettings, undefined, opts);

/** Tests the connection to the HR system; nobody is signed in. */
export const ssoTest = (opts?: CallOptions) => callValue(apis3.ssoTest, undefined, opts);
