/**
 * The messages the public screens (sign-in, SSO, not found, the crash page), the document title and the API client
 * use. Each language's catalogue is split at build time (vite.config.ts): these keys come with the language's
 * first chunk, the rest with the portal or admin shell (src/i18n/index.ts, loadFullLang).
 */
export const PUBLIC_PREFIXES = ['app.', 'common.', 'msg.', 'login.', 'header.', 'nav.', 'error.', 'sso.', 'h5.'] as const;

export const isPublicKey = (key: string) => PUBLIC_PREFIXES.some((p) => key.startsWith(p));

/** One part of a catalogue file (src/i18n/en.ts, zh-CN.ts: one `'key': 'text',` a line) as a JavaScript module. */
export function cataloguePart(source: string, part: 'public' | 'rest'): string {
  const lines = source.split('\n').filter((line) => {
    const m = /^\s+'([^']+)':/.exec(line);
    return m !== null && isPublicKey(m[1]) === (part === 'public');
  });
  return `export default {\n${lines.join('\n')}\n};\n`;
}
