/**
 * Uploads with progress (spec section 7: POST /api/sys/common/disk/upload and /oss/upload, the banner image upload;
 * section 9: 300 s). fetch reports no upload progress, so this sends the multipart body with XMLHttpRequest, with the
 * same headers (Bearer token, language) and the same error catalogue as every other call (client.ts).
 */
import {
  ApiError,
  call,
  callHeaders,
  clientEffects,
  defineApis,
  interpret,
  LONG_TIMEOUT,
  networkFailure,
  type CallOptions,
} from './client';
import type { components } from './schema';
import type { Envelope } from './types';
import type { AnswerOf, GetPath, RouteWith } from './routes';

/** The answer of an upload: id, download url, name, size, suffix (and width/height for images). */
export type UploadedFile = components['schemas']['UploadedFile'];

/** Where a file goes: the server's disk, the S3-compatible object store, or the banner images (spec image rules). */
export type UploadTarget = 'disk' | 'oss' | 'banner' | 'coursePdf' | 'coursePpt' | 'courseVideo';

export const UPLOAD_PATHS = {
  disk: '/api/sys/common/disk/upload',
  oss: '/api/sys/common/oss/upload',
  banner: '/api/banner/upload',
  // courseware (docs/content.md): a PDF, a PPT/PPTX converted in the background, an MP4 video
  coursePdf: '/api/curriculum/uploadPDF',
  coursePpt: '/api/curriculum/uploadPPTToPDF',
  courseVideo: '/api/curriculum/uploadVideo',
} as const satisfies Record<UploadTarget, RouteWith<'POST'>['path']>;

/** The answer of an upload to a target, from the document (a file; a courseware for the course targets). */
export type UploadAnswer<K extends UploadTarget> = AnswerOf<{ readonly path: (typeof UPLOAD_PATHS)[K]; readonly method: 'POST' }>;

/** The generic download (spec section 7); open it with openExport (a single-use ticket in the URL). */
export const FILE_DOWN_PATH = '/api/sys/common/file/down' satisfies GetPath;

/** What an upload is for, counted by the data-upload ('library') and CA-upload ('ca') statistics. */
export type UploadModule = 'common' | 'library' | 'ca' | 'expert' | 'word';

/** Client-side code of an upload the user cancelled (no toast). */
export const CODE_ABORTED = -13;

export interface UploadOptions extends CallOptions {
  module?: UploadModule;
  /** 0-100 while the body is sent */
  onProgress?: (percent: number) => void;
  /** aborts the upload (the promise rejects with CODE_ABORTED, silently) */
  signal?: AbortSignal;
  /** further small form fields (a courseware's courseId) */
  fields?: Record<string, string>;
}

/** Send one file; resolves with the server's answer, rejects with ApiError after the catalogue's effects. */
export function uploadFile<K extends UploadTarget>(target: K, file: File, opts: UploadOptions = {}): Promise<UploadAnswer<K>> {
  type T = UploadAnswer<K>;
  return new Promise<T>((resolve, reject) => {
    const settle = (fn: () => T) => {
      try {
        resolve(fn());
      } catch (e) {
        reject(e);
      }
    };
    let headers: Record<string, string>;
    try {
      headers = callHeaders(true, opts);
    } catch (e) {
      reject(e);
      return;
    }
    if (opts.signal?.aborted) {
      reject(new ApiError('', CODE_ABORTED));
      return;
    }
    const fx = clientEffects();
    const xhr = fx.xhr();
    xhr.open('POST', fx.baseUrl + UPLOAD_PATHS[target]);
    xhr.timeout = opts.timeout ?? LONG_TIMEOUT;
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);

    xhr.upload.onprogress = (e: ProgressEvent) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onload = () =>
      settle(() => {
        let env: Envelope<T> | undefined;
        try {
          const parsed: unknown = JSON.parse(xhr.responseText);
          env = parsed && typeof parsed === 'object' ? (parsed as Envelope<T>) : undefined;
        } catch {
          env = undefined;
        }
        const data = interpret<T>(xhr.status, env, opts, xhr.getResponseHeader('X-Request-Id'));
        opts.onProgress?.(100);
        return data;
      });
    xhr.onerror = xhr.ontimeout = () => settle(() => networkFailure(opts));
    xhr.onabort = () => reject(new ApiError('', CODE_ABORTED));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    if (opts.module) form.append('module', opts.module);
    for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

const apis = defineApis({
  fileDel: { method: 'DELETE', path: '/api/sys/common/file/del' },
});

/** Delete one's own upload that no record links (a file removed from a form before it was saved). */
export const deleteUpload = (id: number, opts?: CallOptions) => call(apis.fileDel, { id }, opts);
