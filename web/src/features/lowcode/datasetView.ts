/**
 * The named parameters of a dataset's statement as the designer shows them (pure, tested): each :name once, in
 * order of appearance, outside strings, quoted names and comments; a PostgreSQL cast '::' is not one. The server
 * parses the statement again and decides (internal/dataset/parse.go).
 */
export function paramNames(sql: string): string[] {
  const out: string[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === '`') {
      const j = sql.indexOf(c, i + 1);
      i = j < 0 ? n : j + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const j = sql.indexOf('\n', i);
      i = j < 0 ? n : j;
    } else if (c === '/' && sql[i + 1] === '*') {
      const j = sql.indexOf('*/', i + 2);
      i = j < 0 ? n : j + 2;
    } else if (c === ':' && sql[i + 1] === ':') {
      i += 2;
    } else if (c === ':' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      let j = i + 1;
      while (j < n && /\w/.test(sql[j])) j++;
      const name = sql.slice(i + 1, j);
      if (!out.includes(name)) out.push(name);
      i = j;
    } else i++;
  }
  return out;
}

/** A table's or column's name as a statement writes it: as it is when it is a plain name (letters of any script,
 * digits, '_'), else a quoted identifier with its quotes doubled. */
export function sqlName(name: string): string {
  return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

/** text with piece put in place of its selection [start, end), a space before it when it would join a word, and the
 * cursor after it. */
export function insertAt(text: string, start: number, end: number, piece: string): { text: string; cursor: number } {
  const before = text.slice(0, start);
  const sep = before === '' || /[\s(,.]$/.test(before) ? '' : ' ';
  const put = sep + piece;
  return { text: before + put + text.slice(end), cursor: start + put.length };
}

interface CatalogLike {
  name: string;
  title: string;
  columns: { name: string; title: string }[];
}

/** The tables whose name or title, or one of whose columns' names or titles, holds q (any letter case). */
export function filterCatalog<T extends CatalogLike>(tables: T[], q: string): T[] {
  const k = q.trim().toLowerCase();
  if (!k) return tables;
  const has = (s: string) => s.toLowerCase().includes(k);
  return tables.filter((t) => has(t.name) || has(t.title) || t.columns.some((c) => has(c.name) || has(c.title)));
}
