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
