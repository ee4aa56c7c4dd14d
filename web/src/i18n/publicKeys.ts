/**
 * The messages the public screens (sign-in, SSO, not found, the crash page), the document title and the API client
 * use. Each language's catalogue is split at build time (vite.config.ts) in three: these keys come with the language's
 * first chunk, the core (below) with the portal or admin shell, the rest with any other page (src/i18n/index.ts).
 */
export const PUBLIC_PREFIXES = ['app.', 'common.', 'msg.', 'login.', 'header.', 'nav.', 'error.', 'sso.', 'h5.', 'learn.'] as const;

export const isPublicKey = (key: string) => PUBLIC_PREFIXES.some((p) => key.startsWith(p));

/**
 * The messages the two shells and the first page of each (the portal home, the admin's account list) use, with what
 * those can open (dialogs, drawers): the second part, loaded with either shell. Every other page loads the rest too
 * (routes.ts `coreMessages`). publicKeys.test.ts checks that these screens use no other key.
 */
export const CORE_PREFIXES = [
  'portal.', 'lib.', 'picker.', 'user.', 'validate.', 'list.', 'pwd.', 'upload.', 'info.', 'form.', 'shell.', 'job.',
] as const;

export const isCoreKey = (key: string) => CORE_PREFIXES.some((p) => key.startsWith(p));

export type CataloguePart = 'public' | 'core' | 'rest';

export const partOf = (key: string): CataloguePart => (isPublicKey(key) ? 'public' : isCoreKey(key) ? 'core' : 'rest');

/** One part of a catalogue file (src/i18n/en.ts, zh-CN.ts: one `'key': 'text',` a line) as a JavaScript module. */
export function cataloguePart(source: string, part: CataloguePart): string {
  const lines = source.split('\n').filter((line) => {
    const m = /^\s+'([^']+)':/.exec(line);
    return m !== null && partOf(m[1]) === part;
  });
  return `export default {\n${lines.join('\n')}\n};\n`;
}
