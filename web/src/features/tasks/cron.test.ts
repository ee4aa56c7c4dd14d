import { describe, expect, it } from 'vitest';
import { describeCron } from './cron';

describe('describeCron', () => {
  it('says a schedule in either language', () => {
    expect(describeCron('0 2 * * *', 'en')).toBe('At 02:00');
    expect(describeCron('0 2 * * *', 'zh-CN')).toContain('02:00');
    expect(describeCron('*/5 * * * *', 'en')).toBe('Every 5 minutes');
  });
  it('says nothing of what it cannot read', () => {
    expect(describeCron('61 * * *', 'en')).toBe('');
    expect(describeCron('', 'en')).toBe('');
    expect(describeCron('@daily', 'en')).toBe('');
  });
});
