import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { beforeToday } from './fields';

describe('beforeToday', () => {
  it('refuses the days before today, not today or later', () => {
    const now = dayjs('2026-11-27T15:30:00');
    expect(beforeToday(dayjs('2026-11-26T23:59:59'), now)).toBe(true);
    expect(beforeToday(dayjs('2026-11-27T00:00:00'), now)).toBe(false);
    expect(beforeToday(dayjs('2026-12-01'), now)).toBe(false);
  });
});
