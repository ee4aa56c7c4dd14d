/**
 * Hand-written types matching docs/api.md. When `npm run gen:api` has produced schema.d.ts from the
 * server's OpenAPI document, these can be re-exported from the generated components instead.
 */

/** The response envelope of every JSON call. code 0 (or absent) is success. */
export interface Envelope<T = unknown> {
  code?: number;
  message?: string;
  data?: T;
}

/** One node of the session's menu tree. */
export interface SysMenu {
  code: string;
  name: string;
  path?: string;
  icon?: string;
  subMenus?: SysMenu[];
}

/** Dictionary entry as the server sends it (value may be a numeric string). */
export interface DictEntry {
  key: string;
  value: string | number;
  isDefault?: number;
  childDict?: DictEntry[];
}

/** `data` of POST /api/login, /api/outSite/login and GET /api/sys/user/session. */
export interface LoginResult {
  accessToken: string;
  UserName: string;
  LoginCode?: string;
  userId?: number;
  unitName?: string;
  roles?: string[];
  funCodes: string;
  sysMenus: SysMenu[];
  updatePwd: number;
  logout_url?: string;
  dictData?: DictEntry[];
}

export interface LoginParams {
  LoginCode: string;
  PassWord: string;
  /** captcha answer; empty while no captcha is configured */
  response?: string;
  /** client operating system, recorded in the login log */
  os?: string;
}

export interface UpdatePwdParams {
  oldPassword: string;
  newPassword: string;
  replacePassword: string;
}

/** `data` of GET /api/sys/user/info. */
export interface UserInfo {
  LoginCode: string;
  UserName: string;
  unitName?: string;
  phone?: string;
  email?: string;
  roles?: string[];
  lastLoginAt?: string;
}
