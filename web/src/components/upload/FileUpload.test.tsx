// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { Form, type FormInstance } from 'antd';
import { configureClient, resetClient, type ClientEffects } from '../../api/client';
import { setLang } from '../../i18n';
import { byTestId, cleanup, click, render, settle, waitFor } from '../../testing/render';
import DescribedForm from '../form/DescribedForm';
import type { FieldDescriptor } from '../form/fields';
import FileUpload, { fileIds, type FileItem } from './FileUpload';

// antd renders slowly in jsdom, the more so on a busy machine
vi.setConfig({ testTimeout: 30_000 });

/** The XMLHttpRequest of an upload, driven by the test. */
class FakeXhr {
  url = '';
  body?: FormData;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  timeout = 0;
  open(_m: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

let xhrs: FakeXhr[];
let fetched: string[];
let toast: ReturnType<typeof vi.fn<ClientEffects['toast']>>;

beforeEach(() => {
  setLang('zh-CN');
  resetClient();
  xhrs = [];
  fetched = [];
  toast = vi.fn<ClientEffects['toast']>();
  const answer = (data: unknown) => new Response(JSON.stringify({ code: 0, message: '', data }), { headers: { 'Content-Type': 'application/json' } });
  configureClient({
    toast,
    getToken: () => 'tok',
    baseUrl: '',
    fetch: vi.fn<typeof fetch>(async (url, init) => {
      fetched.push(`${init?.method ?? 'GET'} ${String(url)}`);
      // the system parameters the control reads: a 5 MB limit
      if (String(url).includes('upload.max_size_mb')) return answer({ key: 'upload.max_size_mb', type: 'number', value: 5 });
      if (String(url).includes('upload.allowed_suffixes')) return answer({ key: 'upload.allowed_suffixes', type: 'text', value: 'pdf,docx' });
      return answer(null);
    }),
    xhr: () => {
      const x = new FakeXhr();
      xhrs.push(x);
      return x as unknown as XMLHttpRequest;
    },
  });
});

afterEach(async () => {
  await cleanup();
  resetClient();
});

/** Chooses files in the control's hidden file input, as the browser's picker does. */
async function choose(scope: HTMLElement, ...files: File[]) {
  const input = scope.querySelector<HTMLInputElement>('input[type=file]')!;
  await act(async () => {
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle(20);
}

const pdf = (name = '营业执照.pdf', size = 100) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

const existing: FileItem = { uid: '7', id: 7, name: '旧扫描件.pdf', size: 10, suffix: 'pdf', url: '/api/sys/common/file/down?id=7' };

describe('FileUpload as the widget of a described form', () => {
  const field: FieldDescriptor = { name: 'scans', label: '扫描件', type: 'upload', accept: 'pdf', maxSizeMB: 1, maxCount: 3, widget: FileUpload, testId: 'f-scans' };

  async function renderForm() {
    let form!: FormInstance<Record<string, unknown>>;
    function Harness() {
      [form] = Form.useForm();
      return <DescribedForm form={form} fields={[{ ...field }]} initialValues={{ scans: [existing] }} />;
    }
    const r = await render(<Harness />);
    await settle(20);
    return { form, container: r.container };
  }

  it("takes the descriptor's rules, uploads with progress into the form's value, and deletes what is removed", async () => {
    const { form, container } = await renderForm();
    expect(container.textContent).toContain('旧扫描件.pdf');
    // the descriptor's list and limit (under the configured 5 MB)
    await waitFor(() => expect(container.textContent).toContain('支持 pdf，单个文件不超过 1MB'));

    // refused in the browser: another suffix, a file over the limit; nothing is sent
    await choose(container, pdf('方案.docx'));
    await choose(container, pdf('big.pdf', 2 * 1024 * 1024));
    expect(toast.mock.calls.map((c) => c[1])).toEqual(['方案.docx: 仅支持以下格式的文件：pdf', 'big.pdf: 文件大小不能超过 1MB']);
    expect(xhrs).toHaveLength(0);

    await choose(container, pdf());
    expect(xhrs).toHaveLength(1);
    expect(xhrs[0].url).toBe('/api/sys/common/disk/upload');
    await act(async () => xhrs[0].upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 } as ProgressEvent));
    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-uploading .ant-progress')).not.toBeNull());
    const answer = { id: 12, url: '/api/sys/common/file/down?id=12', name: '营业执照.pdf', size: 100, suffix: 'pdf' };
    await act(async () => {
      xhrs[0].status = 200;
      xhrs[0].responseText = JSON.stringify({ code: 0, message: 'ok', data: answer });
      xhrs[0].onload?.();
    });
    await waitFor(() => expect(fileIds(form.getFieldValue('scans') as FileItem[])).toEqual([7, 12]));
    expect(container.querySelector('.ant-upload-list-item-uploading')).toBeNull();

    // removing the fresh upload deletes it on the server; removing the record's old file only leaves the value
    const remove = async (name: string) => {
      const item = [...container.querySelectorAll('.ant-upload-list-item')].find((el) => el.textContent?.includes(name))!;
      await click(item.querySelector('.ant-upload-list-item-action, button')!);
      await settle(20);
    };
    await remove('营业执照.pdf');
    await waitFor(() => expect(fileIds(form.getFieldValue('scans') as FileItem[])).toEqual([7]));
    expect(fetched).toContain('DELETE /api/sys/common/file/del?id=12');
    await remove('旧扫描件.pdf');
    await waitFor(() => expect(form.getFieldValue('scans')).toEqual([]));
    expect(fetched.filter((f) => f.startsWith('DELETE'))).toEqual(['DELETE /api/sys/common/file/del?id=12']);
  });
});

describe('FileUpload on its own', () => {
  it('uses the configured suffixes and size, and drops a file the server refused', async () => {
    const onChange = vi.fn();
    const r = await render(<FileUpload onChange={onChange} module="ca" store="oss" testId="up" />);
    await waitFor(() => expect(byTestId('up').textContent).toContain('支持 pdf, docx，单个文件不超过 5MB'));
    await choose(r.container, pdf('CA证书.pdf'));
    expect(xhrs[0].url).toBe('/api/sys/common/oss/upload');
    expect(xhrs[0].body?.get('module')).toBe('ca');
    await act(async () => {
      xhrs[0].status = 200;
      xhrs[0].responseText = JSON.stringify({ code: 1, message: '文件内容与扩展名 .pdf 不符' });
      xhrs[0].onload?.();
    });
    await settle(20);
    expect(toast).toHaveBeenCalledWith('error', '文件内容与扩展名 .pdf 不符', 2);
    expect(onChange).not.toHaveBeenCalled();
    // the item leaves the list (after its leaving animation)
    await waitFor(() => expect(r.container.querySelector('.ant-upload-list-item')).toBeNull(), 5000);
  });
});
