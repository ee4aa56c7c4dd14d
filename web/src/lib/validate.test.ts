import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import zhCN from '../i18n/zh-CN';
import { isEmail, isLoginCode, isMobile, isValidPassword, parseIdCard, passwordKinds, type Problem } from './validate';
import * as generic from './validate';

/** One case of the shared file; arg is the rule's parameter, en/zh the expected message of a failing case. */
interface Vector {
  rule: string;
  arg?: number | string;
  input: string;
  ok: boolean;
  en?: string;
  zh?: string;
  gender?: string;
  birthday?: string;
}

// Shared with the Go tests (../../../testdata/validation_vectors.json, relative to this file), when present.
const files = import.meta.glob<Vector[]>('../../../testdata/validation_vectors.json', { eager: true, import: 'default' });
const shared = Object.values(files).flat();

describe('password rule (6-16 characters, at least 2 of 4 kinds)', () => {
  it.each([
    ['abc123', true],
    ['ABCdef', true],
    ['abc!@#', true],
    ['123456', false],
    ['abcdef', false],
    ['ABCDEF', false],
    ['!@#$%^', false],
    ['Ab1!', false],
    ['Abcde', false],
    ['Abcdef1234567890', true],
    ['Abcdef12345678901', false],
    ['', false],
    ['密码密码ab', true],
    ['abc 123', false],
    ['Abc\t1234', false],
  ])('%s -> %s', (pw, ok) => {
    expect(isValidPassword(pw)).toBe(ok);
  });

  it('counts kinds', () => {
    expect(passwordKinds('aA1!')).toBe(4);
    expect(passwordKinds('aaaa')).toBe(1);
  });

  const vectors = shared.filter((v) => v.rule === 'password');
  it.runIf(vectors.length > 0).each(vectors.map((v) => [v.input, v.ok] as const))(
    'shared vector %j -> %s',
    (input, ok) => {
      expect(isValidPassword(input)).toBe(ok);
    },
  );
});

describe('account form rules (shared vectors)', () => {
  const rules: Record<string, (s: string) => boolean> = { loginCode: isLoginCode, mobile: isMobile, email: isEmail };
  for (const [rule, check] of Object.entries(rules)) {
    const vectors = shared.filter((v) => v.rule === rule);
    it(`${rule} has vectors`, () => expect(vectors.length).toBeGreaterThan(3));
    it.each(vectors.map((v) => [v.input, v.ok] as const))(`${rule} %j -> %s`, (input, ok) => {
      expect(check(input)).toBe(ok);
    });
  }
});

/** A problem as the user reads it in a language (the same substitution as i18n's t). */
const render = (catalogue: Record<string, string>, p: Problem) =>
  catalogue[p.key].replace(/\{(\w+)\}/g, (m, k: string) => (p.vars && k in p.vars ? String(p.vars[k]) : m));

describe('generic checks of spec section 5 (shared vectors with the expected messages)', () => {
  const checks: Record<string, (v: Vector) => Problem | null> = {
    mobile: (v) => generic.checkPattern('mobile', v.input),
    email: (v) => generic.checkPattern('email', v.input),
    plate: (v) => generic.checkPattern('plate', v.input),
    landline: (v) => generic.checkPattern('landline', v.input),
    postcode: (v) => generic.checkPattern('postcode', v.input),
    max: (v) => generic.checkMax(v.input, Number(v.arg)),
    nonNegative: (v) => generic.checkNonNegative(v.input),
    maxLength: (v) => generic.checkMaxLength(v.input, Number(v.arg)),
    decimals: (v) => generic.checkDecimals(v.input, Number(v.arg)),
    number: (v) => generic.checkNumber(v.input),
    fileSuffix: (v) => generic.checkFileSuffix(v.input, String(v.arg)),
    idcard: (v) => generic.checkIdCard(v.input),
  };
  for (const [rule, check] of Object.entries(checks)) {
    const vectors = shared.filter((v) => v.rule === rule);
    it(`${rule} has valid and invalid vectors`, () => {
      expect(vectors.some((v) => v.ok)).toBe(true);
      expect(vectors.some((v) => !v.ok)).toBe(true);
    });
    it.each(vectors.map((v) => [v.input, v.ok, v] as const))(`${rule} %j -> %s`, (_input, ok, v) => {
      const p = check(v);
      if (ok) {
        expect(p).toBeNull();
        return;
      }
      expect(p).not.toBeNull();
      expect(render(en, p!)).toBe(v.en);
      expect(render(zhCN, p!)).toBe(v.zh);
    });
  }

  it('every rule of the file is checked here', () => {
    const known = new Set([...Object.keys(checks), 'password', 'loginCode']);
    expect(shared.map((v) => v.rule).filter((r) => !known.has(r))).toEqual([]);
  });

  it.each(shared.filter((v) => v.rule === 'idcard' && v.ok).map((v) => [v.input, v] as const))(
    'ID card %s tells birthday and gender',
    (input, v) => {
      expect(parseIdCard(input).info).toEqual({ birthday: v.birthday, gender: v.gender });
    },
  );

  it('a birthday of today is valid, of tomorrow in the future', () => {
    const now = new Date(2024, 4, 20, 23, 30);
    const withCheck = (s17: string) => {
      const sum = [...s17].reduce((a, c, i) => a + Number(c) * [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2][i], 0);
      return s17 + '10X98765432'[sum % 11];
    };
    expect(generic.checkIdCard(withCheck('11010520240520001'), now)).toBeNull();
    expect(generic.checkIdCard(withCheck('11010520240521001'), now)?.key).toBe('validate.idcardFuture');
  });
});
