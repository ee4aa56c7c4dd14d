import { describe, expect, it } from 'vitest';
import { isEmail, isLoginCode, isMobile, isValidPassword, passwordKinds } from './validate';

interface Vector {
  rule: string;
  input: string;
  ok: boolean;
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
