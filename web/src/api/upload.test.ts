import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n';
import { ApiError, configureClient, LONG_TIMEOUT, resetClient, type ClientEffects } from './client';
import { CODE_ABORTED, uploadFile, UPLOAD_PATHS } from './upload';

/** A scripted XMLHttpRequest: records what was sent; the test drives progress and the answer. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body?: FormData;
  timeout = 0;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  aborted = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  getResponseHeader(k: string) {
    return this.responseHeaders[k] ?? null;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = headers;
    this.onload?.();
  }
}

let xhrs: FakeXhr[];
let toast: ReturnType<typeof vi.fn<ClientEffects['toast']>>;
let clearSession: ReturnType<typeof vi.fn<ClientEffects['clearSession']>>;
let token: string | undefined;

beforeEach(() => {
  setLang('en');
  resetClient();
  xhrs = [];
  token = 'tok123';
  toast = vi.fn<ClientEffects['toast']>();
  clearSession = vi.fn<ClientEffects['clearSession']>();
  configureClient({
    toast,
    clearSession,
    navigate: vi.fn(),
    logError: vi.fn(),
    getToken: () => token,
    getLang: () => 'en',
    baseUrl: '/base',
    xhr: () => {
      const x = new FakeXhr();
      xhrs.push(x);
      return x as unknown as XMLHttpRequest;
    },
  });
});

const pdf = () => new File(['%PDF-1.4 test'], '营业执照.pdf', { type: 'application/pdf' });
const answer = { id: 12, url: '/api/sys/common/file/down?id=12', name: '营业执照.pdf', size: 13, suffix: 'pdf' };

describe('uploadFile', () => {
  it('posts the file as multipart with the Bearer token, reports progress and resolves with the answer', async () => {
    const progress: number[] = [];
    const p = uploadFile('disk', pdf(), { module: 'library', onProgress: (n) => progress.push(n) });
    const x = xhrs[0];
    expect(x.method).toBe('POST');
    expect(x.url).toBe('/base' + UPLOAD_PATHS.disk);
    expect(x.headers.Authorization).toBe('Bearer tok123');
    expect(x.headers['Accept-Language']).toBe('en');
    expect(x.url).not.toMatch(/tok123/);
    expect(x.timeout).toBe(LONG_TIMEOUT);
    expect(x.body?.get('module')).toBe('library');
    const sent = x.body?.get('file') as File;
    expect(sent.name).toBe('营业执照.pdf');
    x.progress(0, 400);
    x.progress(100, 400);
    x.progress(399, 400);
    x.progress(400, 400);
    x.answer(200, { code: 0, message: 'ok', data: answer });
    await expect(p).resolves.toEqual(answer);
    expect(progress).toEqual([0, 25, 99, 100, 100]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('goes to the path of its target', () => {
    void uploadFile('oss', pdf()).catch(() => undefined);
    void uploadFile('banner', pdf()).catch(() => undefined);
    expect(xhrs.map((x) => x.url)).toEqual(['/base/api/sys/common/oss/upload', '/base/api/banner/upload']);
    expect(xhrs[1].body?.has('module')).toBe(false);
  });

  it("shows the server's refusal (code 1) and rejects with it", async () => {
    const p = uploadFile('banner', pdf());
    xhrs[0].answer(200, { code: 1, message: '格式仅支持jpg、png!', data: null });
    await expect(p).rejects.toMatchObject({ code: 1, message: '格式仅支持jpg、png!' });
    expect(toast).toHaveBeenCalledWith('error', '格式仅支持jpg、png!', 2);
  });

  it('lets the caller show the message itself (silent)', async () => {
    const onFail = vi.fn();
    const p = uploadFile('disk', pdf(), { silent: true, onFail });
    xhrs[0].answer(200, { code: 1, message: 'The file cannot be larger than 1 MB' });
    await expect(p).rejects.toBeInstanceOf(ApiError);
    expect(onFail).toHaveBeenCalledWith('The file cannot be larger than 1 MB', 1);
    expect(toast).not.toHaveBeenCalled();
  });

  it('names the request id of a server error', async () => {
    const p = uploadFile('oss', pdf());
    xhrs[0].answer(500, { code: 500, message: 'internal', data: { requestId: 'abc123def456' } });
    await expect(p).rejects.toMatchObject({ code: 500, requestId: 'abc123def456' });
    expect(toast.mock.calls[0][1]).toContain('abc123def456');
  });

  it('reports a network failure, a timeout and an unreadable answer as an operation exception', async () => {
    for (const fail of [(x: FakeXhr) => x.onerror?.(), (x: FakeXhr) => x.ontimeout?.(), (x: FakeXhr) => x.answer(502, '<html>bad gateway</html>')]) {
      toast.mockClear();
      const p = uploadFile('disk', pdf());
      fail(xhrs[xhrs.length - 1]);
      await expect(p).rejects.toBeInstanceOf(ApiError);
      expect(toast).toHaveBeenCalledTimes(1);
      expect(toast.mock.calls[0][0]).toBe('error');
    }
  });

  it('follows the session rules of the catalogue (another client signed in)', async () => {
    const p = uploadFile('disk', pdf());
    xhrs[0].answer(401, { code: 10006, message: 'Identity verification failed: the account signed in on another client' });
    await expect(p).rejects.toMatchObject({ code: 10006 });
    expect(clearSession).toHaveBeenCalled();
  });

  it('fails without a token and sends nothing', async () => {
    token = undefined;
    await expect(uploadFile('disk', pdf())).rejects.toMatchObject({ message: 'cannot obtain identity token' });
    expect(xhrs).toHaveLength(0);
  });

  it('can be cancelled, silently', async () => {
    const ac = new AbortController();
    const p = uploadFile('disk', pdf(), { signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toMatchObject({ code: CODE_ABORTED });
    expect(xhrs[0].aborted).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });
});
