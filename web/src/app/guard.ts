/**
 * The route guard of spec section 2 as a pure function: (path, query, session, stored HR login) -> decision.
 * RouteGuard.tsx applies the decision.
 */
import type { SessionUser, StoredLogin } from '../lib/session';
import { findRoute, LOGIN_PATHS, menuPaths, normalizePath } from './routes';

export type Query = URLSearchParams | Record<string, string | undefined>;

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  /** log in silently (with the query's credentials, or a stored renewal token), then go to /gateway;
   *  remember=true stores the HR-origin login (its renewal token) */
  | { kind: 'silentLogin'; login: { LoginCode: string; PassWord?: string; renewToken?: string }; remember: boolean };

export const SSO_CODE = /^[A-Za-z0-9]{32,35}$/;

function param(query: Query, key: string): string | undefined {
  return query instanceof URLSearchParams ? (query.get(key) ?? undefined) : query[key];
}

function queryString(query: Query): string {
  const qs = query instanceof URLSearchParams ? query : new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const s = qs.toString();
  return s ? `?${s}` : '';
}

export function guard(
  rawPath: string,
  query: Query,
  session: (Pick<SessionUser, 'menuCodes'> & Partial<Pick<SessionUser, 'sysMenus'>>) | null,
  hrLogin: StoredLogin | null,
): GuardDecision {
  const path = normalizePath(rawPath);
  const route = findRoute(path);

  // The SSO screen itself always shows (it receives the code).
  if (route?.path === '/sso') return { kind: 'allow' };

  // A query 'code' of 32-35 alphanumeric characters is an SSO ticket: hand it to /sso with the whole query.
  const code = param(query, 'code');
  if (code !== undefined && SSO_CODE.test(code)) return { kind: 'redirect', to: `/sso${queryString(query)}` };

  // HR system link: ?ahr=...&LoginCode=...&PassWord=... logs in silently (and is remembered as HR-origin).
  const LoginCode = param(query, 'LoginCode');
  const PassWord = param(query, 'PassWord');
  if (param(query, 'ahr') !== undefined && LoginCode && PassWord) {
    return { kind: 'silentLogin', login: { LoginCode, PassWord }, remember: true };
  }

  // Public routes pass; login screens send a signed-in user to /gateway.
  if (route?.shell === 'public') {
    if (session && (LOGIN_PATHS as readonly string[]).includes(route.path)) return { kind: 'redirect', to: '/gateway' };
    return { kind: 'allow' };
  }

  // A remembered HR-origin login without a session: silent re-login.
  if (!session && hrLogin) {
    return { kind: 'silentLogin', login: { LoginCode: hrLogin.LoginCode, renewToken: hrLogin.renewToken }, remember: true };
  }

  if (path === '/') return { kind: 'redirect', to: session ? '/gateway' : '/login' };
  if (!session) return { kind: 'redirect', to: '/login' };

  // Admin routes need their menu code in the session, or a node of the session's menu leading to the route (a dynamic
  // report in the side menu opens /dreport for the roles that may run it; its server calls check those roles).
  if (
    route?.shell === 'admin' &&
    route.menuCode &&
    !(session.menuCodes ?? []).includes(route.menuCode) &&
    !menuPaths(session.sysMenus).some((p) => findRoute(p) === route)
  ) {
    return { kind: 'forbidden' };
  }
  return { kind: 'allow' };
}
