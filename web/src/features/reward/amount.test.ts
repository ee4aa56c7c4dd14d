import { describe, expect, it } from 'vitest';
import { AMOUNT_RE } from './amount';

describe('AMOUNT_RE', () => {
  it('takes what the server takes and refuses the rest', () => {
    for (const ok of ['0', '1200', '1200.5', '1200.50', '0.01']) expect(AMOUNT_RE.test(ok), ok).toBe(true);
    for (const bad of ['', '-1', '1.234', '1e3', '1.', '.5', '12a']) expect(AMOUNT_RE.test(bad), bad).toBe(false);
  });
});
