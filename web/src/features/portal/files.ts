/**
 * A record's files in the portal: which ones the browser can show (PDF, PNG, JPEG, GIF: what the server serves
 * inline), and the address of the inline view (GET /api/sys/common/file/down?inline=1 with a single-use ticket, never
 * the session token). Pure functions (tested).
 */
import { FILE_DOWN_PATH } from '../../api/upload';
import type { FileRef, LibRecord, LibType } from '../../api/library';

export type PreviewKind = 'pdf' | 'image';

/** The suffix of a file name, lower case, '' when none. */
export const suffixOf = (name: string) => {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return m ? m[1].toLowerCase() : '';
};

const KINDS: Record<string, PreviewKind> = { pdf: 'pdf', png: 'image', jpg: 'image', jpeg: 'image', gif: 'image' };

/** How the browser shows a file in place, undefined when it can only be downloaded. */
export const previewKind = (name: string): PreviewKind | undefined => KINDS[suffixOf(name)];

/** The inline view of a file with a download ticket issued for FILE_DOWN_PATH. */
export function inlineUrl(base: string, fileId: number, ticket: string): string {
  const q = new URLSearchParams({ id: String(fileId), inline: '1', ticket });
  return `${base}${FILE_DOWN_PATH}?${q}`;
}

/** Every file of a record: the files of each files field of its type, in the descriptor's order, each once. */
export function recordFiles(type: Pick<LibType, 'fields'> | undefined, rec: LibRecord): (FileRef & { field: string })[] {
  const out: (FileRef & { field: string })[] = [];
  const seen = new Set<number>();
  for (const f of type?.fields ?? []) {
    if (f.kind !== 'files') continue;
    const list = rec[f.key];
    if (!Array.isArray(list)) continue;
    for (const file of list as FileRef[]) {
      if (!file || typeof file.id !== 'number' || seen.has(file.id)) continue;
      seen.add(file.id);
      out.push({ ...file, field: f.label });
    }
  }
  return out;
}
