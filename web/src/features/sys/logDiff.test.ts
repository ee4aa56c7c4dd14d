import { describe, expect, it } from 'vitest';
import { diffRecords, sameValue, showValue } from './logDiff';

describe('diffRecords', () => {
  it('marks exactly the fields that changed, in the record order', () => {
    const before = { id: 5, loginCode: 'a', phone: '', roles: [{ id: 1, name: '员工' }], state: 1 };
    const after = { id: 5, loginCode: 'a', phone: '13800138000', roles: [], state: 1 };
    const rows = diffRecords(before, after);
    expect(rows.map((r) => r.field)).toEqual(['id', 'loginCode', 'phone', 'roles', 'state']);
    expect(rows.filter((r) => r.changed).map((r) => r.field)).toEqual(['phone', 'roles']);
    expect(rows[2]).toEqual({ field: 'phone', before: '', after: '13800138000', changed: true });
  });

  it('a creation has every field changed, with nothing before', () => {
    const rows = diffRecords(null, { key: '甲', value: '1' });
    expect(rows).toEqual([
      { field: 'key', before: undefined, after: '甲', changed: true },
      { field: 'value', before: undefined, after: '1', changed: true },
    ]);
  });

  it('a deletion keeps the fields of the record before', () => {
    const rows = diffRecords({ code: 'r', menuCodes: ['ops'] }, null);
    expect(rows.map((r) => [r.field, r.changed, r.after])).toEqual([
      ['code', true, undefined],
      ['menuCodes', true, undefined],
    ]);
  });

  it('fields only the record before has come last', () => {
    expect(diffRecords({ a: 1, gone: 2 }, { a: 1, added: 3 }).map((r) => [r.field, r.changed])).toEqual([
      ['a', false],
      ['added', true],
      ['gone', true],
    ]);
  });

  it('compares nested values structurally', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(sameValue([1], [1, 2])).toBe(false);
    expect(sameValue(0, '0')).toBe(false);
    expect(sameValue(null, undefined)).toBe(false);
  });
});

describe('showValue', () => {
  it('renders values for the comparison table', () => {
    expect(showValue(undefined)).toBe('');
    expect(showValue(null)).toBe('');
    expect(showValue(0)).toBe('0');
    expect(showValue(false)).toBe('false');
    expect(showValue('text')).toBe('text');
    expect(showValue([{ id: 1, name: '员工' }, { id: 2, name: '资料库管理员' }])).toBe('员工, 资料库管理员');
    expect(showValue(['login_log', 'ops'])).toBe('login_log, ops');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue('2026-01-02T03:04:05Z')).toMatch(/^2026-01-0[23] \d{2}:04:05$/);
  });
});
