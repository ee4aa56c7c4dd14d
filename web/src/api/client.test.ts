import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { setLang } from '../i18n';
import {
  ApiError,
  callApi,
  configureClient,
  defineApis,
  DEFAULT_TIMEOUT,
  LONG_TIMEOUT,
  request,
  resetClient,
  toastCancelled,
  toastSuccess,
  type RequestDef,
  type ClientEffects,
} from './client';

const GET: RequestDef = { method: 'GET', path: '/api/thing' };
const POST: RequestDef = { method: 'POST', path: '/api/thing' };

function reply(body: unknown, status = 200) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn<typeof fetch>(async () => new Response(text, { status, headers: { 'Content-Type': 'application/json' } }));
}

/** A fetch that never answers but honours the abort signal (timeouts). */
const hangingFetch = vi.fn<typeof fetch>(
  (_url, init) =>
    new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
);

type Fn = (...args: never[]) => unknown;
type Mocked<K extends keyof ClientEffects> = ClientEffects[K] extends Fn ? Mock<ClientEffects[K]> : never;
let fx: {
  toast: Mocked<'toast'>;
  confirm: Mocked<'confirm'>;
  navigate: Mocked<'navigate'>;
  clearSession: Mocked<'clearSession'>;
  requirePasswordChange: Mocked<'requirePasswordChange'>;
  logError: Mocked<'logError'>;
};
let token: string | undefined;

function setup(fetch: typeof globalThis.fetch) {
  configureClient({ ...fx, fetch, getToken: () => token, getLang: () => 'en', baseUrl: '' });
}

beforeEach(() => {
  setLang('en');
  resetClient();
  token = 'tok123';
  fx = {
    toast: vi.fn<ClientEffects['toast']>(),
    confirm: vi.fn<ClientEffects['confirm']>(async () => undefined),
    navigate: vi.fn<ClientEffects['navigate']>(),
    clearSession: vi.fn<ClientEffects['clearSession']>(),
    requirePasswordChange: vi.fn<ClientEffects['requirePasswordChange']>(),
    logError: vi.fn<ClientEffects['logError']>(),
  };
});

afterEach(() => {
  vi.useRealTimers();
});

describe('request basics', () => {
  it('sends the token as Authorization: Bearer, never in the query, plus Accept-Language', async () => {
    const fetch = reply({ code: 0, data: { ok: 1 } });
    setup(fetch);
    await expect(request(GET, { a: 1, b: [2, 3], skip: undefined })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/thing?a=1&b=2&b=3');
    expect(url).not.toMatch(/AccessToken|tok123/);
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok123');
    expect(headers['Accept-Language']).toBe('en');
    expect(init.method).toBe('GET');
  });

  it('posts JSON bodies', async () => {
    const fetch = reply({ code: 0, data: 'x' });
    setup(fetch);
    await request(POST, { LoginCode: 'a' });
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe('{"LoginCode":"a"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('treats an absent code as success', async () => {
    setup(reply({ data: [1, 2] }));
    await expect(request(GET)).resolves.toEqual([1, 2]);
    expect(fx.toast).not.toHaveBeenCalled();
  });

  it('public calls need no token', async () => {
    token = undefined;
    const fetch = reply({ code: 0, data: 1 });
    setup(fetch);
    await expect(request({ ...POST, auth: false }, {})).resolves.toBe(1);
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("a session that vanished without a sign-out: 'Logged out, please log in again.' and back to login (spec section 8)", async () => {
    vi.useFakeTimers();
    token = undefined;
    const fetch = reply({ code: 0 });
    setup(fetch);
    try {
      configureClient({ sessionLost: () => true });
      await expect(request(GET)).rejects.toMatchObject({ message: 'Logged out, please log in again.' });
      expect(fx.clearSession).toHaveBeenCalled();
      expect(fx.navigate).toHaveBeenCalledWith('/login');
      await vi.advanceTimersByTimeAsync(500);
      expect(fx.toast).toHaveBeenCalledWith('error', 'Logged out, please log in again.', 2);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      configureClient({ sessionLost: () => false });
      vi.useRealTimers();
    }
  });

  it("fails with 'cannot obtain identity token' when a token is needed and missing", async () => {
    token = undefined;
    const fetch = reply({ code: 0 });
    setup(fetch);
    await expect(request(GET)).rejects.toMatchObject({ message: 'cannot obtain identity token' });
    expect(fetch).not.toHaveBeenCalled();
    expect(fx.toast).toHaveBeenCalledWith('error', 'cannot obtain identity token', 2);
  });
});

describe('error catalogue', () => {
  it('code > 0: message to the failure handler and an error toast of 2 s', async () => {
    setup(reply({ code: 1, message: 'Name already exists' }));
    const onFail = vi.fn();
    const err = await request(GET, undefined, { onFail }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 1, message: 'Name already exists' });
    expect(onFail).toHaveBeenCalledWith('Name already exists', 1);
    expect(fx.toast).toHaveBeenCalledWith('error', 'Name already exists', 2);
  });

  it('silent calls skip the toast but still reach the failure handler', async () => {
    setup(reply({ code: 1, message: 'wrong password' }));
    const onFail = vi.fn();
    await expect(request(GET, undefined, { silent: true, onFail })).rejects.toThrow('wrong password');
    expect(onFail).toHaveBeenCalled();
    expect(fx.toast).not.toHaveBeenCalled();
  });

  it("a message containing 'Exception' is logged and replaced", async () => {
    setup(reply({ code: 1, message: 'java.lang.NullPointerException at x' }));
    await expect(request(GET)).rejects.toThrow('System exception, please contact the administrator!');
    expect(fx.logError).toHaveBeenCalledWith('java.lang.NullPointerException at x');
    expect(fx.toast).toHaveBeenCalledWith('error', 'System exception, please contact the administrator!', 2);
  });

  it("'Identity verification failed:' clears the session, goes to /login and toasts after 500 ms", async () => {
    vi.useFakeTimers();
    setup(reply({ code: 10006, message: 'Identity verification failed: 账号已在其他客户端登录' }, 401));
    await expect(request(GET)).rejects.toBeInstanceOf(ApiError);
    expect(fx.clearSession).toHaveBeenCalledTimes(1);
    expect(fx.navigate).toHaveBeenCalledWith('/login');
    expect(fx.toast).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(fx.toast).toHaveBeenCalledWith(
      'error',
      'Request error: account already logged in on another client. Please log in again.',
      2,
    );
  });

  it('code 10007: no toast, the session is told the password must be changed, the session stays', async () => {
    setup(reply({ code: 10007, message: '请先修改初始密码' }, 403));
    await expect(request(GET)).rejects.toMatchObject({ code: 10007 });
    expect(fx.requirePasswordChange).toHaveBeenCalled();
    expect(fx.toast).not.toHaveBeenCalled();
    expect(fx.clearSession).not.toHaveBeenCalled();
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('code 10005: session cleared, confirm prompt, then /login', async () => {
    let close!: () => void;
    fx.confirm = vi.fn<ClientEffects['confirm']>(() => new Promise<void>((r) => (close = r)));
    setup(reply({ code: 10005, message: '登录凭证已失效' }, 401));
    await expect(request(GET)).rejects.toMatchObject({ code: 10005 });
    expect(fx.clearSession).toHaveBeenCalled();
    expect(fx.confirm).toHaveBeenCalledWith('Login token invalid');
    expect(fx.navigate).not.toHaveBeenCalled();
    close();
    await Promise.resolve();
    await Promise.resolve();
    expect(fx.navigate).toHaveBeenCalledWith('/login');
  });

  it('code 401 of a mobile call: message shown, mobile token cleared, back to the plug-in login; the web session stays', async () => {
    const clearH5Session = vi.fn<ClientEffects['clearH5Session']>();
    const fetch = reply({ code: 401, message: '登录已失效，请重新登录' }, 401);
    configureClient({ ...fx, fetch, getToken: () => undefined, getH5Token: () => 'h5tok', clearH5Session, getLang: () => 'en', baseUrl: '' });
    const H5: RequestDef = { method: 'GET', path: '/api/biapp/curriculum/user/courses', auth: false, h5: true };
    await expect(request(H5)).rejects.toMatchObject({ code: 401 });
    const init = fetch.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>).h5Token).toBe('h5tok');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(fx.toast).toHaveBeenCalledWith('error', '登录已失效，请重新登录', 2);
    expect(clearH5Session).toHaveBeenCalled();
    expect(fx.navigate).toHaveBeenCalledWith('/h5Course');
    expect(fx.clearSession).not.toHaveBeenCalled();
  });

  it('code 401 of a web call is an ordinary error', async () => {
    const clearH5Session = vi.fn<ClientEffects['clearH5Session']>();
    configureClient({ ...fx, fetch: reply({ code: 401, message: 'nope' }), getToken: () => token, clearH5Session, getLang: () => 'en', baseUrl: '' });
    await expect(request(GET)).rejects.toMatchObject({ code: 401 });
    expect(clearH5Session).not.toHaveBeenCalled();
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('only one re-login prompt for parallel failures', async () => {
    setup(reply({ code: 10005, message: 'x' }, 401));
    await Promise.allSettled([request(GET), request(GET), request(GET)]);
    expect(fx.confirm).toHaveBeenCalledTimes(1);
  });

  it('code -1 shows msg', async () => {
    setup(reply({ code: -1, msg: 'legacy failure' }));
    await expect(request(GET)).rejects.toThrow('legacy failure');
    expect(fx.toast).toHaveBeenCalledWith('error', 'legacy failure', 2);
  });

  it('HTTP 500+ shows a Chinese server message', async () => {
    setup(reply({ code: 500, message: '系统错误，数据库不可用' }, 500));
    await expect(request(GET)).rejects.toThrow('系统错误，数据库不可用');
  });

  it("HTTP 500+ without Chinese shows 'System error'", async () => {
    setup(reply({ code: 500, message: 'internal error' }, 502));
    await expect(request(GET)).rejects.toThrow('System error');
    expect(fx.toast).toHaveBeenCalledWith('error', 'System error', 2);
  });

  it('a server error shows its request id from the envelope, in English too', async () => {
    setup(reply({ code: 500, message: 'System error: please give the administrator request id 0a1b2c3d4e5f', data: { requestId: '0a1b2c3d4e5f' } }, 500));
    const onFail = vi.fn();
    const err = await request(GET, undefined, { onFail }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 500, status: 500, requestId: '0a1b2c3d4e5f', message: 'System error (request id 0a1b2c3d4e5f)' });
    expect(fx.toast).toHaveBeenCalledWith('error', 'System error (request id 0a1b2c3d4e5f)', 2);
    expect(onFail).toHaveBeenCalledWith('System error (request id 0a1b2c3d4e5f)', 500);
  });

  it('a server error without an envelope takes the request id from the X-Request-Id header', async () => {
    setup(vi.fn<typeof fetch>(async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'X-Request-Id': 'ffee00112233' } })));
    await expect(request(GET)).rejects.toMatchObject({ message: 'System error (request id ffee00112233)', requestId: 'ffee00112233', status: 502 });
  });

  it("a server error's Chinese message is shown as it is (it carries the id); the zh-CN fallback names the id too", async () => {
    setup(reply({ code: 500, message: '系统错误，请联系管理员并提供请求编号 0a1b2c3d4e5f', data: { requestId: '0a1b2c3d4e5f' } }, 500));
    await expect(request(GET)).rejects.toMatchObject({ message: '系统错误，请联系管理员并提供请求编号 0a1b2c3d4e5f', requestId: '0a1b2c3d4e5f' });
    setLang('zh-CN');
    setup(reply({ code: 500, message: 'internal', data: { requestId: 'abcdefabcdef' } }, 500));
    await expect(request(GET)).rejects.toThrow('系统错误（请求编号 abcdefabcdef）');
  });

  it('a business failure (code 1) carries no request id and keeps its message', async () => {
    setup(vi.fn<typeof fetch>(async () => Response.json({ code: 1, message: '用户不存在', data: null }, { headers: { 'X-Request-Id': '001122334455' } })));
    const err = await request(GET).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 1, message: '用户不存在' });
    expect((err as ApiError).requestId).toBeUndefined();
  });

  it("HTTP 500+ with a non-JSON body shows 'System error'", async () => {
    setup(reply('<html>Bad gateway</html>', 503));
    await expect(request(GET)).rejects.toThrow('System error');
  });

  it('parses the envelope of HTTP 403', async () => {
    setup(reply({ code: 403, message: '无权限访问该功能' }, 403));
    await expect(request(GET)).rejects.toMatchObject({ code: 403, status: 403, message: '无权限访问该功能' });
  });

  it('an unknown API name fails with the catalogue message', async () => {
    setup(reply({ code: 0 }));
    await expect(callApi('noSuchCall')).rejects.toThrow(
      'The interface function call is wrong, please check the function name',
    );
    expect(fx.toast).toHaveBeenCalledWith('error', 'The interface function call is wrong, please check the function name', 2);
  });

  it('a known API name is called', async () => {
    const fetch = reply({ code: 0, data: 7 });
    setup(fetch);
    defineApis({ testCall: { method: 'GET', path: '/api/sys/common/dict/item2' } });
    await expect(callApi('testCall', { q: 'x' })).resolves.toBe(7);
    expect(fetch.mock.calls[0][0]).toBe('/api/sys/common/dict/item2?q=x');
  });

  it("a network error is 'Operation exception'", async () => {
    setup(vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(request(GET)).rejects.toThrow('Operation exception');
    expect(fx.toast).toHaveBeenCalledWith('error', 'Operation exception', 2);
  });

  it("a timeout is 'Operation exception' (60 s by default)", async () => {
    vi.useFakeTimers();
    setup(hangingFetch);
    const p = request(GET).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT - 1);
    expect(fx.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toBe('Operation exception');
  });

  it('uploads and long calls wait 300 s', async () => {
    vi.useFakeTimers();
    setup(hangingFetch);
    const upload = request(POST, new FormData()).catch((e: Error) => e.message);
    const long = request(GET, undefined, { long: true }).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT + 1);
    expect(fx.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LONG_TIMEOUT - DEFAULT_TIMEOUT);
    await expect(upload).resolves.toBe('Operation exception');
    await expect(long).resolves.toBe('Operation exception');
  });

  it('messages follow the UI language', async () => {
    setLang('zh-CN');
    const fetch = reply({ code: 500, message: 'boom' }, 500);
    setup(fetch);
    configureClient({ getLang: () => 'zh-CN' });
    await expect(request(GET)).rejects.toThrow('系统错误');
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('zh-CN');
  });
});

describe('toast helpers', () => {
  it("'Operation successful' and 'Operation cancelled'", () => {
    setup(reply({}));
    toastSuccess();
    toastCancelled();
    expect(fx.toast).toHaveBeenNthCalledWith(1, 'success', 'Operation successful', 2);
    expect(fx.toast).toHaveBeenNthCalledWith(2, 'info', 'Operation cancelled', 2);
  });
});
