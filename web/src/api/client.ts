/**
 * The one HTTP client (spec sections 7 and 8). Every call goes through request(); the error catalogue lives
 * here only. Side effects (toasts, confirm prompt, navigation, session) are injectable via configureClient so
 * that every rule can be tested without a browser.
 */
import { getLang, t } from '../i18n';
import { API_BASE } from '../app/config';
import { clearSession, getSession, getToken, sessionLost, updateSession } from '../lib/session';
import { clearH5Session, getH5Token, H5_LOGIN_PATH } from '../lib/h5Session';
import type { Envelope } from './types';
import type { AnswerOf, Method, PayloadOf, Route, RouteWith } from './routes';

export const DEFAULT_TIMEOUT = 60_000;
/** uploads and dictionary-config calls */
export const LONG_TIMEOUT = 300_000;
export const TOAST_SECONDS = 2;
export const RELOGIN_TOAST_DELAY = 500;
export const IDENTITY_FAILED_PREFIX = 'Identity verification failed:';

/** Client-side codes for failures that never reached a server envelope. */
export const CODE_NO_TOKEN = -10;
export const CODE_NETWORK = -11;
export const CODE_UNKNOWN_API = -12;
export const CODE_TOKEN_INVALID = 10005;
/** The account must change its password before any other call: the header's forced dialog opens. */
export const CODE_MUST_CHANGE_PASSWORD = 10007;
/** The mobile client's session (h5Token) is not usable (spec section 8): message, token cleared, plug-in login. */
export const CODE_H5_UNAUTHORIZED = 401;

export type { Method } from './routes';
export type Payload = Record<string, unknown> | FormData | undefined;

/** How a call is made, beside its route. */
export interface DefOptions {
  /** false for public calls (login); default true: the call needs the session token */
  readonly auth?: boolean;
  /** 300 s timeout (uploads, dictionary configuration) */
  readonly long?: boolean;
  /** a call of the mobile plug-in (curriculum-user API): it sends the h5Token, not the session token */
  readonly h5?: boolean;
  /** fixed query parameters sent with every call of this definition (a POST's dryRun) */
  readonly query?: Readonly<Record<string, string | number | boolean>>;
}

/** What request() sends: any method and path (the transport; the typed calls below name the document's routes). */
export interface RequestDef extends DefOptions {
  readonly method: Method;
  readonly path: string;
}

/**
 * A call definition: a path of the generated API description (api/openapi.json) and one of the methods the document
 * declares on it; any other pair does not compile. Its query, body and answer come from the document (api/routes.ts).
 */
export type ApiDef = Route & DefOptions;

export interface CallOptions {
  timeout?: number;
  /** use the 300 s timeout */
  long?: boolean;
  /** do not show the error toast (the caller shows the message itself); session rules still apply */
  silent?: boolean;
  /** failure handler: receives the final (possibly replaced) message */
  onFail?: (message: string, code: number) => void;
  /** set by request() for a mobile call: code 401 is the mobile session's end */
  h5?: boolean;
}

export class ApiError extends Error {
  readonly code: number;
  readonly status?: number;
  /** server errors: the id under which the server's exception log holds the details */
  readonly requestId?: string;
  constructor(message: string, code: number, status?: number, requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.requestId = requestId;
  }
}

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ClientEffects {
  toast(kind: ToastKind, text: string, seconds: number): void;
  /** resolves when the prompt is closed (either button) */
  confirm(text: string): Promise<void>;
  navigate(path: string): void;
  clearSession(): void;
  /** the server says the password must be changed first: raise the session's updatePwd flag */
  requirePasswordChange(): void;
  /** the mobile plug-in's token, and its removal on code 401 */
  getH5Token(): string | undefined;
  clearH5Session(): void;
  getToken(): string | undefined;
  /** the session was there and is gone without a sign-out (lib/session.ts sessionLost) */
  sessionLost?(): boolean;
  getLang(): string;
  logError(...args: unknown[]): void;
  fetch: typeof fetch;
  /** a new XMLHttpRequest: uploads use it for their progress events (api/upload.ts) */
  xhr: () => XMLHttpRequest;
  baseUrl: string;
}

const defaults: ClientEffects = {
  toast: (kind, text) => (kind === 'error' ? console.error(text) : console.info(text)),
  confirm: async (text) => void window.alert(text),
  navigate: (path) => window.location.assign(path),
  clearSession,
  requirePasswordChange: () => {
    if (getSession() && getSession()?.updatePwd !== 1) updateSession({ updatePwd: 1 });
  },
  getToken,
  sessionLost,
  getH5Token,
  clearH5Session,
  getLang,
  logError: (...args) => console.error(...args),
  fetch: (...args) => globalThis.fetch(...args),
  xhr: () => new XMLHttpRequest(),
  baseUrl: API_BASE,
};

let fx: ClientEffects = { ...defaults };
let reloginPending = false;

/** Replace some side effects; returns a function restoring the previous ones. */
export function configureClient(patch: Partial<ClientEffects>): () => void {
  const previous = fx;
  fx = { ...fx, ...patch };
  return () => {
    fx = previous;
  };
}

/** Reset to the defaults (tests). */
export function resetClient() {
  fx = { ...defaults };
  reloginPending = false;
}

/** Show a toast through the injected effects (antd message in the app). */
export const toast = (kind: ToastKind, text: string, seconds = TOAST_SECONDS) => fx.toast(kind, text, seconds);
export const toastSuccess = (text: string = t('msg.operationSuccessful'), seconds = TOAST_SECONDS) =>
  fx.toast('success', text, seconds);
export const toastCancelled = () => fx.toast('info', t('msg.operationCancelled'), TOAST_SECONDS);
export const toastError = (text: string = t('msg.operationException'), seconds = TOAST_SECONDS) =>
  fx.toast('error', text, seconds);

const CHINESE = /[\u3400-\u9fff]/;

/** Report a failure: Exception messages are replaced, the handler and the toast get the final text. */
function fail(message: string, code: number, opts: CallOptions, status?: number, requestId?: string): never {
  let text = message;
  if (text.includes('Exception')) {
    fx.logError(text);
    text = t('msg.systemException');
  }
  if (!text) text = t('msg.operationException');
  opts.onFail?.(text, code);
  if (!opts.silent) fx.toast('error', text, TOAST_SECONDS);
  throw new ApiError(text, code, status, requestId);
}

/** The request id of a server error: the envelope's data.requestId, else the X-Request-Id header. */
function requestIdOf(env: Envelope | undefined, header: string | null | undefined): string | undefined {
  const data = env?.data as { requestId?: unknown } | null | undefined;
  const id = data && typeof data === 'object' && typeof data.requestId === 'string' ? data.requestId : header;
  return id || undefined;
}

/**
 * HTTP 500+: the server's message when it has Chinese text, otherwise 'System error' (spec section 8) followed by the
 * request id, so the user can quote it and the administrator find the exception log entry.
 */
function serverErrorText(message: string, requestId: string | undefined): string {
  if (CHINESE.test(message)) return message;
  return requestId ? t('msg.systemErrorId', { id: requestId }) : t('msg.systemError');
}

/** 'Identity verification failed:' — another client signed in with this account. */
function otherClientSignedIn(message: string, code: number, status: number): never {
  if (!reloginPending) {
    reloginPending = true;
    fx.clearSession();
    fx.navigate('/login');
    setTimeout(() => {
      fx.toast('error', t('msg.otherClient'), TOAST_SECONDS);
      reloginPending = false;
    }, RELOGIN_TOAST_DELAY);
  }
  throw new ApiError(message, code, status);
}

/**
 * Spec section 8, 'no session cookie': the session vanished from the browser while a signed-in screen was open. The
 * session is cleared, 'Logged out, please log in again.' shown and the user sent to /login (decision 0018).
 */
function loggedOut(): never {
  if (!reloginPending) {
    reloginPending = true;
    fx.clearSession();
    fx.navigate('/login');
    setTimeout(() => {
      fx.toast('error', t('msg.loggedOut'), TOAST_SECONDS);
      reloginPending = false;
    }, RELOGIN_TOAST_DELAY);
  }
  throw new ApiError(t('msg.loggedOut'), CODE_NO_TOKEN);
}

/** code 10005 — the login token is invalid: clear, prompt, then /login. */
function tokenInvalid(status: number): never {
  if (!reloginPending) {
    reloginPending = true;
    fx.clearSession();
    void fx.confirm(t('msg.tokenInvalid')).finally(() => {
      fx.navigate('/login');
      reloginPending = false;
    });
  }
  throw new ApiError(t('msg.tokenInvalid'), CODE_TOKEN_INVALID, status);
}

function buildUrl(path: string, query?: Record<string, unknown>): string {
  const url = fx.baseUrl + path;
  if (!query) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v == null) continue;
    if (Array.isArray(v)) v.forEach((item) => qs.append(k, String(item)));
    else qs.append(k, String(v));
  }
  const s = qs.toString();
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url;
}

/** Interpret an answer: envelope rules of spec section 8, whatever the HTTP status. Exported for the upload transport. */
export function interpret<T>(
  status: number,
  env: (Envelope<T> & { msg?: string }) | undefined,
  opts: CallOptions,
  requestIdHeader?: string | null,
): T {
  const message = env?.message ?? '';
  const code = typeof env?.code === 'number' ? env.code : 0;
  if (message.startsWith(IDENTITY_FAILED_PREFIX)) otherClientSignedIn(message, code, status);
  if (code === CODE_TOKEN_INVALID) tokenInvalid(status);
  if (code === CODE_H5_UNAUTHORIZED && opts.h5) {
    // spec section 8: show the message, clear the mobile token, back to the plug-in's login
    fx.toast('error', message || t('msg.operationException'), TOAST_SECONDS);
    fx.clearH5Session();
    fx.navigate(H5_LOGIN_PATH);
    throw new ApiError(message, code, status);
  }
  if (code === CODE_MUST_CHANGE_PASSWORD) {
    // No toast: the forced password dialog says what to do.
    fx.requirePasswordChange();
    throw new ApiError(message, code, status);
  }
  if (status >= 500) {
    const id = requestIdOf(env, requestIdHeader);
    fail(serverErrorText(message, id), code || status, opts, status, id);
  }
  if (!env) fail(t('msg.operationException'), CODE_NETWORK, opts, status);
  if (code === -1) fail(env.msg ?? message, code, opts, status);
  if (code > 0) fail(message, code, opts, status);
  if (status >= 400) fail(message, status, opts, status);
  return env.data as T;
}

/** The headers of a call: JSON answers, the language, and (auth) the session token as Bearer; without a token the call
 *  fails with 'cannot obtain identity token'. */
export function callHeaders(auth: boolean, opts: CallOptions): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': fx.getLang() };
  if (auth) {
    const token = fx.getToken();
    if (!token && fx.sessionLost?.()) loggedOut();
    if (!token) fail(t('msg.noToken'), CODE_NO_TOKEN, opts);
    headers.Authorization = `Bearer ${token}`;
  }
  return headers;
}

/** A call that got no answer (network down, timeout): the catalogue's 'Operation exception'. */
export function networkFailure(opts: CallOptions): never {
  return fail(t('msg.operationException'), CODE_NETWORK, opts);
}

/** The effects in force (the upload transport reads the base URL and creates its XMLHttpRequest through them). */
export const clientEffects = (): Readonly<ClientEffects> => fx;

/** Perform one call. Resolves with `data` on success; rejects with ApiError after the catalogue's effects. */
export async function request<T = unknown>(def: RequestDef, payload?: Payload, opts: CallOptions = {}): Promise<T> {
  const headers = callHeaders(def.auth !== false && !def.h5, opts);
  if (def.h5) {
    opts = { ...opts, h5: true };
    const h5Token = fx.getH5Token();
    if (h5Token) headers.h5Token = h5Token;
  }
  const isForm = payload instanceof FormData;
  const inQuery = def.method === 'GET' || def.method === 'DELETE';
  let body: BodyInit | undefined;
  if (!inQuery && payload !== undefined) {
    if (isForm) body = payload;
    else {
      body = JSON.stringify(payload);
      headers['Content-Type'] = 'application/json';
    }
  }
  const query = inQuery && !isForm ? payload : undefined;
  const url = buildUrl(def.path, def.query ? { ...def.query, ...query } : query);
  const timeout = opts.timeout ?? (opts.long || def.long || isForm ? LONG_TIMEOUT : DEFAULT_TIMEOUT);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  let res: Response;
  let env: Envelope<T> | undefined;
  try {
    res = await fx.fetch(url, { method: def.method, headers, body, signal: controller.signal, credentials: 'same-origin' });
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      env = undefined;
    }
  } catch {
    networkFailure(opts);
  } finally {
    clearTimeout(timer);
  }
  return interpret<T>(res.status, env && typeof env === 'object' ? env : undefined, opts, res.headers?.get('X-Request-Id'));
}

/* ---------- typed calls ---------- */

/**
 * One call of the generated API description: the payload is the query (GET, DELETE) or body (POST, PUT) the document
 * declares for the route, the answer is `data` of its 200 envelope. The envelope rules and the error catalogue are
 * request()'s.
 */
export function call<D extends ApiDef>(def: D, payload?: PayloadOf<D>, opts: CallOptions = {}): Promise<AnswerOf<D>> {
  return request<AnswerOf<D>>(def, payload as Payload, opts);
}

/**
 * The answer of a call the screen needs a value from. The generator describes a handler's pointer answer as nullable
 * (it cannot tell that a successful answer always carries the value): a null answer is refused as malformed, with the
 * catalogue's 'Operation exception', instead of reaching the screen.
 */
export function answerValue<T>(data: T, opts: CallOptions = {}): NonNullable<T> {
  if (data == null) fail(t('msg.operationException'), CODE_NETWORK, opts);
  return data;
}

/** call() for a route whose answer the document marks nullable (a pointer answer): the answer is the value. */
export async function callValue<D extends ApiDef>(def: D, payload?: PayloadOf<D>, opts: CallOptions = {}): Promise<NonNullable<AnswerOf<D>>> {
  return answerValue(await call(def, payload, opts), opts);
}

/** Query parameters built at run time (the generic list machinery's filters, a report's filter card), as text. */
export type ListParams = Record<string, string>;

/**
 * A GET whose parameters are built at run time (components/list: filters, page and sort by name): the parameters
 * are not checked against the document, the answer is.
 */
export function callList<D extends RouteWith<'GET'> & DefOptions>(def: D, params: ListParams, opts: CallOptions = {}): Promise<AnswerOf<D>> {
  return request<AnswerOf<D>>(def, params, opts);
}

/* ---------- named calls ---------- */

const registry = new Map<string, RequestDef>();
const defined: { name: string; def: RequestDef; named: boolean }[] = [];

/**
 * Register named calls (each area file defines its own); returns the same map, each definition keeping its route's
 * literal type for call(). A path or method the document does not have does not compile (and definitions.test.ts
 * checks every definition against api/openapi.json).
 */
export function defineApis<const M extends Record<string, ApiDef>>(map: M): M {
  for (const [name, def] of Object.entries(map)) {
    registry.set(name, def);
    defined.push({ name, def, named: true });
  }
  return map;
}

/** Call definitions that are not called by name (the mobile plug-in's calls: their names are the web's too). */
export function defineRoutes<const M extends Record<string, ApiDef>>(map: M): M {
  for (const [name, def] of Object.entries(map)) defined.push({ name, def, named: false });
  return map;
}

/** Every definition made so far, in order (definitions.test.ts checks them against api/openapi.json). */
export const definedCalls = (): readonly { name: string; def: RequestDef; named: boolean }[] => defined;

/** Call by name (the widgets' configured names); an unknown name fails with the catalogue's message. */
export function callApi(name: string, payload?: Payload, opts: CallOptions = {}): Promise<unknown> {
  const def = registry.get(name);
  if (!def) {
    try {
      fail(t('msg.unknownApi'), CODE_UNKNOWN_API, opts);
    } catch (e) {
      return Promise.reject(e);
    }
  }
  return request(def, payload, opts);
}
