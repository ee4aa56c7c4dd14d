/** Pure validators shared by forms. Test vectors: ../../../testdata/validation_vectors.json (when present). */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;

/** How many of the four kinds (upper case, lower case, digit, symbol) the text contains. */
export function passwordKinds(pw: string): number {
  const kinds = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9\s]/];
  return kinds.filter((re) => re.test(pw)).length;
}

/**
 * Spec section 5: 6-16 characters with at least 2 of 4 kinds. Characters are counted as Unicode code
 * points; whitespace is not allowed; any other character that is not an ASCII letter or digit counts as a
 * symbol (so '密码密码12' passes). Agrees with testdata/validation_vectors.json.
 */
export function isValidPassword(pw: string): boolean {
  const length = [...pw].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX && !/\s/.test(pw) && passwordKinds(pw) >= 2;
}

/* Account form rules; the server has the same expressions (internal/platform/validate/fields.go) and both read
   testdata/validation_vectors.json. */
export const LOGIN_CODE_RE = /^[A-Za-z0-9._-]{2,32}$/;
export const MAINLAND_MOBILE_RE = /^1[34578]\d{9}$/;
export const HONG_KONG_PHONE_RE = /^[5689]\d{7}$/;
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const USER_NAME_MAX = 50;
export const EMAIL_MAX = 100;

/** 2-32 letters, digits, dots, underscores or hyphens. */
export const isLoginCode = (s: string) => LOGIN_CODE_RE.test(s);
/** Spec section 5: mainland mobile (1[34578] plus 9 digits) or Hong Kong 8 digits. */
export const isMobile = (s: string) => MAINLAND_MOBILE_RE.test(s) || HONG_KONG_PHONE_RE.test(s);
export const isEmail = (s: string) => [...s].length <= EMAIL_MAX && EMAIL_RE.test(s);
