import { describe, expect, it } from 'vitest';
import { forgotProblem } from './ForgotPassword';

const v = (p: Partial<Record<'LoginCode' | 'verifyCode' | 'newPassword' | 'replacePassword', string>>) => ({
  LoginCode: 'staff',
  verifyCode: '123456',
  newPassword: 'Fresh#2026',
  replacePassword: 'Fresh#2026',
  ...p,
});

describe('forgot password field rules', () => {
  it('asks for each field with the spec messages', () => {
    expect(forgotProblem('LoginCode', v({ LoginCode: '  ' }))).toBe('login.loginCodeRequired');
    expect(forgotProblem('verifyCode', v({ verifyCode: '' }))).toBe('login.forgot.codeRequired');
    expect(forgotProblem('verifyCode', v({ verifyCode: '12a456' }))).toBe('login.forgot.codeFormat');
    expect(forgotProblem('newPassword', v({ newPassword: '' }))).toBe('login.forgot.newRequired');
    expect(forgotProblem('newPassword', v({ newPassword: 'abcdef' }))).toBe('login.forgot.rule');
    expect(forgotProblem('replacePassword', v({ replacePassword: '' }))).toBe('login.forgot.repeatRequired');
    expect(forgotProblem('replacePassword', v({ replacePassword: 'Fresh#2027' }))).toBe('login.forgot.mismatch');
  });
  it('passes a complete, valid form', () => {
    for (const f of ['LoginCode', 'verifyCode', 'newPassword', 'replacePassword'] as const) expect(forgotProblem(f, v({}))).toBe('');
  });
});
