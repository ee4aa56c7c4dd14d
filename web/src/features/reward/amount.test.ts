import { describe, expect, it } from 'vitest';
import { AMOUNT_RE, money } from './amount';

describe('AMOUNT_RE', () => {
  it('takes what the server takes and refuses the rest', () => {
    for (const ok of ['0', '1200', '1200.5', '1200.50', '0.01']) expect(AMOUNT_RE.test(ok), ok).toBe(true);
    for (const bad of ['', '-1', '1.234', '1e3', '1.', '.5', '12a']) expect(AMOUNT_RE.test(bad), bad).toBe(false);
  });
});

describe('money', () => {
  it('groups thousands and keeps the decimals', () => {
    expect(money('0.00')).toBe('0.00');
    expect(money('999.50')).toBe('999.50');
    expect(money('1000.00')).toBe('1,000.00');
    expect(money('12345678.90')).toBe('12,345,678.90');
  });
});
