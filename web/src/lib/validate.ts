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
