/**
 * Configured links (help centre, logout, the portal's header and footer links, its logo): the same rules as the
 * server's validate.LinkURL / validate.SitePath, so a form refuses what the server would.
 */
export const URL_MAX = 2000;

// blanks, control characters, backslashes, quotes and angle brackets never belong in a configured link
// eslint-disable-next-line no-control-regex -- control characters are what this pattern refuses
const FORBIDDEN = /[\s\u0000-\u001f\u007f-\u009f\\"<>]/;

/** A path of this site: one leading '/', not '//' or '/\' (which browsers read as another host). */
export function isSitePath(s: string): boolean {
  return !!s && s.length <= URL_MAX && !FORBIDDEN.test(s) && s.startsWith('/') && !s.startsWith('//');
}

/** An absolute http(s) address with a host (no credentials), or a path of this site. */
export function isLinkUrl(s: string): boolean {
  if (isSitePath(s)) return true;
  if (!s || s.length > URL_MAX || FORBIDDEN.test(s) || !/^https?:\/\//i.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}
