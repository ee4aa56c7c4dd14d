/** Types of the HTTP API. */

/** The response envelope of every JSON call. code 0 (or absent) is success. */
export interface Envelope<T = unknown> {
  code?: number;
  message?: string;
  data?: T;
}

import type { components, paths } from './schema';

/* The shapes below are generated from the server's OpenAPI document (api/openapi.json, `npm run gen:api`),
   so client and server cannot drift. */
type Schemas = components['schemas'];

/** The JSON body a call takes, from the generated description (api/openapi.json). */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** T with the keys K made optional: the client tolerates older or partial answers for these. */
type Loose<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** One node of the session's menu tree. */
export interface SysMenu extends Loose<Omit<Schemas['Menu'], 'subMenus'>, 'path' | 'icon'> {
  subMenus?: SysMenu[];
}

/** Dictionary entry as the server sends it (value may be a numeric string). */
export interface DictEntry extends Loose<Omit<Schemas['DictEntry'], 'childDict'>, 'isDefault'> {
  childDict?: DictEntry[];
}

type SessionUserFields = Omit<Schemas['SessionUser'], 'sysMenus' | 'dictData' | 'accessToken'>;

/**
 * `data` of POST /api/login, /api/outSite/login (with accessToken) and GET /api/sys/user/session (without: the session
 * keeps the one it has, lib/session.ts saveLogin).
 */
export interface LoginResult extends Loose<SessionUserFields, 'LoginCode' | 'userId' | 'unitName' | 'roles' | 'logout_url' | 'helpUrl' | 'theme' | 'external'> {
  accessToken?: string;
  sysMenus: SysMenu[];
  dictData?: DictEntry[];
}

export type LoginParams = RequestBody<'/api/login', 'post'>;

export type UpdatePwdParams = RequestBody<'/api/sys/user/updatePwd', 'put'>;

/** `data` of GET /api/sys/user/info. */
export type UserInfo = Schemas['PersonalInfo'];
