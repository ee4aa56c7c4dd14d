import { BOOK_DOWNLOAD } from '../../api/wordbook';
import { openExport } from '../../components/list/ExportButton';

/** A file size for people: bytes, KB or MB with one decimal. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Downloads a kept book in a new window, with a single-use ticket instead of the session token. */
export const downloadBook = (id: number) =>
  openExport(BOOK_DOWNLOAD, { id: String(id) }).catch(() => {
    /* the client has shown the error */
  });
