import { describe, expect, it } from 'vitest';
import { dayOf, today, windowOrdered, windowState, windowText } from './bannerWindow';

describe('windowState', () => {
  const w = { publishFrom: '2025-03-01', publishTo: '2025-03-31' };

  it('is scheduled before the first day, live on both ends and between, ended after the last day', () => {
    expect(windowState(w, '2025-02-28')).toBe('scheduled');
    expect(windowState(w, '2025-03-01')).toBe('live');
    expect(windowState(w, '2025-03-15')).toBe('live');
    expect(windowState(w, '2025-03-31')).toBe('live');
    expect(windowState(w, '2025-04-01')).toBe('ended');
  });

  it('treats an open end as never closing', () => {
    expect(windowState({}, '1999-01-01')).toBe('live');
    expect(windowState({ publishFrom: null, publishTo: '' }, '2999-01-01')).toBe('live');
    expect(windowState({ publishFrom: '2025-03-01' }, '2999-12-31')).toBe('live');
    expect(windowState({ publishFrom: '2025-03-01' }, '2025-02-01')).toBe('scheduled');
    expect(windowState({ publishTo: '2025-03-01' }, '1900-01-01')).toBe('live');
    expect(windowState({ publishTo: '2025-03-01' }, '2025-03-02')).toBe('ended');
  });

  it('compares across months and years as dates, not as numbers', () => {
    expect(windowState({ publishFrom: '2025-10-01' }, '2025-09-30')).toBe('scheduled');
    expect(windowState({ publishTo: '2024-12-31' }, '2025-01-01')).toBe('ended');
  });

  it('reads an instant as its day in the browser time zone', () => {
    const local = new Date(2025, 2, 31, 23, 30); // 31 March, 23:30 local time
    expect(dayOf(local.toISOString())).toBe('2025-03-31');
    expect(windowState({ publishTo: local.toISOString() }, '2025-03-31')).toBe('live');
    expect(dayOf('not a date')).toBe('');
    expect(dayOf(undefined)).toBe('');
  });

  it('defaults to today', () => {
    expect(today(new Date(2025, 0, 5, 0, 1))).toBe('2025-01-05');
    expect(windowState({ publishFrom: '2000-01-01', publishTo: '2999-01-01' })).toBe('live');
    expect(windowState({ publishTo: '2000-01-01' })).toBe('ended');
  });
});

describe('windowText and windowOrdered', () => {
  it('writes the window with open ends named', () => {
    expect(windowText({ publishFrom: '2025-03-01', publishTo: '2025-03-31' }, 'open')).toBe('2025-03-01 ~ 2025-03-31');
    expect(windowText({ publishFrom: '2025-03-01' }, 'open')).toBe('2025-03-01 ~ open');
    expect(windowText({ publishTo: '2025-03-31' }, '不限')).toBe('不限 ~ 2025-03-31');
    expect(windowText({}, 'open')).toBe('');
  });

  it('accepts one-day windows and open ends, refuses a window ending before it starts', () => {
    expect(windowOrdered('2025-03-01', '2025-03-01')).toBe(true);
    expect(windowOrdered('2025-03-01', '2025-02-28')).toBe(false);
    expect(windowOrdered('', '2025-02-28')).toBe(true);
    expect(windowOrdered('2025-03-01', null)).toBe(true);
  });
});
