import { describe, expect, it } from 'vitest';
import { apiParams, filterParams, readListState, writeListState, type FieldParams } from './query';

const fields: FieldParams[] = [
  { names: ['loginCode'] },
  { names: ['startTime', 'endTime'], dateRange: true },
  { names: ['unitCode'], uiOnly: ['unitLabel'] },
];

describe('list state in the URL', () => {
  it('reads defaults: page 1, 10 a page, no sort', () => {
    expect(readListState(new URLSearchParams(''), fields)).toEqual({ current: 1, limit: 10, sort: undefined, order: undefined, filters: {} });
  });

  it('round-trips filters, page, size and sort', () => {
    const q = new URLSearchParams('loginCode=adm&current=3&limit=50&sort=createdAt&order=desc&unitCode=1002&unitLabel=区域公司&junk=1');
    const s = readListState(q, fields);
    expect(s).toEqual({ current: 3, limit: 50, sort: 'createdAt', order: 'desc', filters: { loginCode: 'adm', unitCode: '1002', unitLabel: '区域公司' } });
    expect(Object.fromEntries(writeListState(s))).toEqual({
      loginCode: 'adm', unitCode: '1002', unitLabel: '区域公司', sort: 'createdAt', order: 'desc', current: '3', limit: '50',
    });
  });

  it('ignores malformed page numbers and caps the size at 100', () => {
    const s = readListState(new URLSearchParams('current=-2&limit=5000&order=sideways&sort=x'), fields);
    expect(s.current).toBe(1);
    expect(s.limit).toBe(100);
    expect(s.order).toBeUndefined();
  });

  it('leaves defaults out of the URL', () => {
    expect(writeListState({ current: 1, limit: 10, filters: { loginCode: '' } }).toString()).toBe('');
  });

  it('sends day ranges as instants, never the display-only names', () => {
    const s = readListState(new URLSearchParams('startTime=2025-03-01&endTime=2025-03-02&unitCode=10&unitLabel=集团'), fields);
    const p = filterParams(s, fields);
    expect(new Date(p.startTime).getDate()).toBe(1);
    expect(new Date(p.endTime).getTime() - new Date(p.startTime).getTime()).toBe(2 * 24 * 3600 * 1000);
    expect(p.unitCode).toBe('10');
    expect(p).not.toHaveProperty('unitLabel');
    expect(apiParams(s, fields)).toMatchObject({ current: '1', limit: '10' });
  });
});
