/** Pure validators shared by forms. Test vectors: ../../../testdata/validation_vectors.json (when present). */
import type { MessageKey } from '../i18n';

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

/* ---------------------------------------------------------------------------------------------------------
 * The generic checks of spec section 5. Each returns null when the value passes, or the problem: an i18n key
 * and its values. An empty value passes (whether a field is required is a rule of its own). The server has the
 * same checks with the same messages (internal/platform/validate/generic.go); testdata/validation_vectors.json
 * holds the cases with the expected text in both languages, read by the tests of both sides.
 * ------------------------------------------------------------------------------------------------------- */

export interface Problem {
  key: MessageKey;
  vars?: Record<string, string | number>;
}

const problem = (key: MessageKey, vars?: Problem['vars']): Problem => ({ key, vars });

/**
 * A plain decimal: optional minus, ASCII digits, optional fraction (no exponent, no plus, no separators or
 * underscores, no hexadecimal, no NaN or Infinity), of a size a double holds. The server reads every number
 * of a form or a dynamic table with the same rule (validate.Decimal); shared vectors of rule 'number'.
 */
export const NUMBER_RE = /^-?[0-9]+(\.[0-9]+)?$/;
export const isPlainDecimal = (s: string) => NUMBER_RE.test(s) && Number.isFinite(Number(s));
const notNumber = (s: string) => !isPlainDecimal(s);

/** 'Please enter a number' unless a plain decimal (or empty). */
export function checkNumber(s: string): Problem | null {
  return s === '' || isPlainDecimal(s) ? null : problem('validate.number');
}

/** 'cannot exceed N' above the maximum. */
export function checkMax(s: string, max: number): Problem | null {
  if (s === '') return null;
  if (notNumber(s)) return problem('validate.number');
  return Number(s) > max ? problem('validate.max', { n: String(max) }) : null;
}

/** 'cannot be negative'. */
export function checkNonNegative(s: string): Problem | null {
  if (s === '') return null;
  if (notNumber(s)) return problem('validate.number');
  return Number(s) < 0 ? problem('validate.negative') : null;
}

/** 'length cannot exceed N', counted in characters (code points). */
export function checkMaxLength(s: string, n: number): Problem | null {
  return [...s].length > n ? problem('validate.maxLength', { n }) : null;
}

/** 'only N decimal places'; with N = 0 the value must be a whole number. */
export function checkDecimals(s: string, n: number): Problem | null {
  if (s === '') return null;
  if (notNumber(s)) return problem('validate.number');
  const fraction = s.split('.')[1] ?? '';
  if (fraction.length <= n) return null;
  return n === 0 ? problem('validate.integer') : problem('validate.decimals', { n });
}

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** Province abbreviation, issuing letter (no I or O), 5 letters/digits (last may be 挂学警港澳) or new-energy 6. */
export const PLATE_RE = new RegExp(
  `^[${PROVINCES}][A-HJ-NP-Z]([A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9]\\d{4}|\\d{5}[DF])$`,
);
/** Area code (0 and 2-3 digits), hyphen, 7-8 digits, optional extension: 010-12345678, 0755-1234567-12. */
export const LANDLINE_RE = /^0\d{2,3}-\d{7,8}(-\d{1,6})?$/;
export const POSTCODE_RE = /^\d{6}$/;

export const isPlate = (s: string) => PLATE_RE.test(s);
export const isLandline = (s: string) => LANDLINE_RE.test(s);
export const isPostcode = (s: string) => POSTCODE_RE.test(s);

export type PatternKind = 'plate' | 'mobile' | 'landline' | 'email' | 'postcode';
const PATTERNS: Record<PatternKind, (s: string) => boolean> = {
  plate: isPlate,
  mobile: isMobile,
  landline: isLandline,
  email: isEmail,
  postcode: isPostcode,
};

export function checkPattern(kind: PatternKind, s: string): Problem | null {
  return s === '' || PATTERNS[kind](s) ? null : problem(`validate.${kind}`);
}

/** The file name's suffix must be in a comma list ('pdf,docx' or '.jpg, .PNG'), compared case-insensitively. */
export function checkFileSuffix(name: string, allowed: string): Problem | null {
  const dot = name.lastIndexOf('.');
  const suffix = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  const ok = allowed
    .split(',')
    .map((a) => a.trim().replace(/^\./, '').toLowerCase())
    .some((a) => a !== '' && a === suffix);
  return ok ? null : problem('validate.fileSuffix', { list: allowed });
}

export type Gender = 'male' | 'female';
export interface IdCardInfo {
  /** YYYY-MM-DD */
  birthday: string;
  gender: Gender;
}

/** Province codes of spec section 9 (the table covers 11-91). */
const ID_PROVINCES = new Set(
  '11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46 50 51 52 53 54 61 62 63 64 65 71 81 82 91'.split(' '),
);
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_DIGITS = '10X98765432';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A mainland ID card number: 15 or 18 digits (the 18th may be X), a province code of the table, a valid
 * birthday not after today, and for 18 digits the check digit. On success tells the birthday and the gender
 * (digit 17, or 15 for the old numbers: odd male, even female).
 */
export function parseIdCard(s: string, now: Date = new Date()): { problem: Problem | null; info?: IdCardInfo } {
  let y: number, m: number, d: number;
  if (/^\d{17}[\dXx]$/.test(s)) {
    [y, m, d] = [s.slice(6, 10), s.slice(10, 12), s.slice(12, 14)].map(Number);
  } else if (/^\d{15}$/.test(s)) {
    [y, m, d] = [1900 + Number(s.slice(6, 8)), Number(s.slice(8, 10)), Number(s.slice(10, 12))];
  } else {
    return { problem: problem('validate.idcardFormat') };
  }
  if (!ID_PROVINCES.has(s.slice(0, 2))) return { problem: problem('validate.idcardProvince') };
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) {
    return { problem: problem('validate.idcardBirthday') };
  }
  if (day.getTime() > Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())) {
    return { problem: problem('validate.idcardFuture') };
  }
  let genderDigit = Number(s[14]);
  if (s.length === 18) {
    const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + Number(s[i]) * w, 0);
    if (ID_CHECK_DIGITS[sum % 11] !== s[17].toUpperCase()) return { problem: problem('validate.idcardCheck') };
    genderDigit = Number(s[16]);
  }
  return { problem: null, info: { birthday: `${y}-${pad(m)}-${pad(d)}`, gender: genderDigit % 2 === 1 ? 'male' : 'female' } };
}

export const checkIdCard = (s: string, now?: Date): Problem | null => (s === '' ? null : parseIdCard(s, now).problem);
