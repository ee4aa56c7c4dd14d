import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { configureClient, resetClient, type ClientEffects } from '../../api/client';
import { setLang } from '../../i18n';
import { byTestId, cleanup, click, render, settle, waitFor } from '../../testing/render';
import { PictureField, Pictures, PictureSourceProvider } from './ExamPictures';

vi.setConfig({ testTimeout: 30_000 });

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const picture = () => new Response(PNG, { headers: { 'Content-Type': 'image/png' } });
const refusal = (message: string) => new Response(JSON.stringify({ code: 500, message, data: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });

let calls: { url: string; headers: Record<string, string> }[];
let answer: (url: string) => Response;
let created: string[];
let revoked: string[];

beforeEach(() => {
  setLang('zh-CN');
  resetClient();
  calls = [];
  created = [];
  revoked = [];
  answer = () => picture();
  let n = 0;
  URL.createObjectURL = vi.fn(() => {
    const u = `blob:test/${++n}`;
    created.push(u);
    return u;
  });
  URL.revokeObjectURL = vi.fn((u: string) => void revoked.push(u));
  configureClient({
    toast: vi.fn<ClientEffects['toast']>(),
    getToken: () => 'web-token',
    getH5Token: () => 'h5-token',
    baseUrl: '',
    fetch: vi.fn<typeof fetch>(async (url, init) => {
      calls.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
      return answer(String(url));
    }),
  });
});

afterEach(async () => {
  await cleanup();
  resetClient();
});

describe('pictures of stems and options', () => {
  it('on the phone page: asked with the h5Token header for the attempt, shown as a blob URL, revoked when unmounted', async () => {
    const r = await render(
      <PictureSourceProvider source={{ channel: 'phone', attemptId: 5 }}>
        <Pictures ids={[31]} label="题干图片" />
      </PictureSourceProvider>,
    );
    await waitFor(() => expect(r.container.querySelector('img')).not.toBeNull());
    const img = r.container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('blob:test/1');
    expect(img.getAttribute('alt')).toBe('题干图片');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/biapp/exam/picture?id=31&attemptId=5');
    expect(calls[0].headers.h5Token).toBe('h5-token');
    expect(calls[0].headers.Authorization).toBeUndefined();
    await r.unmount();
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('for the examiners: the session token; the portal taker: the session token and the attempt', async () => {
    await render(<Pictures ids={[8]} label="题干图片" />);
    await render(
      <PictureSourceProvider source={{ channel: 'portal', attemptId: 9 }}>
        <Pictures ids={[8]} label="题干图片" />
      </PictureSourceProvider>,
    );
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => c.url).sort()).toEqual(['/api/exam/picture?id=8', '/api/portal/exam/picture?id=8&attemptId=9']);
    for (const c of calls) expect(c.headers.Authorization).toBe('Bearer web-token');
  });

  it("a picture refused shows the server's message in its place", async () => {
    answer = () => refusal('图片不存在或无权查看');
    const r = await render(<Pictures ids={[4]} label="题干图片" />);
    await waitFor(() => expect(byTestId('exam-pic-failed-4').textContent).toContain('图片不存在或无权查看'));
    expect(r.container.querySelector('img')).toBeNull();
  });

  it('opens large on a click (a button with the alt text in its name)', async () => {
    const r = await render(<Pictures ids={[3, 4]} label="题干图片" />);
    await waitFor(() => expect(r.container.querySelectorAll('img')).toHaveLength(2));
    const open = byTestId('exam-pic-4');
    expect(open.tagName).toBe('BUTTON');
    expect(open.getAttribute('aria-label')).toBe('放大查看：题干图片 2');
    await click(open);
    await waitFor(() => expect(byTestId('exam-pic-large-img').getAttribute('alt')).toBe('题干图片 2'));
  });

  it("the editor refuses a file the browser check catches, and shows the server's refusal of another, both by name", async () => {
    const onChange = vi.fn();
    const r = await render(<PictureField value={[]} onChange={onChange} max={9} label="题干图片" testId="pics" />);
    const input = r.container.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('.jpg,.jpeg,.png,image/jpeg,image/png');
    await act(async () => {
      Object.defineProperty(input, 'files', { value: [new File(['x'], '动图.gif', { type: 'image/gif' })], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle(20);
    expect(byTestId('pics-problems').textContent).toBe('动图.gif: 格式仅支持jpg、png!');
    expect(byTestId('pics-problems').getAttribute('role')).toBe('alert');
    expect(onChange).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});
