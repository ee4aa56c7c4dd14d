import { describe, expect, it } from 'vitest';
import { valuesText } from './DemandItemsDrawer';

describe('valuesText', () => {
  it('names the answers by their field labels, in the form order, leaving files and empty answers out', () => {
    const c = {
      fields: [
        { key: 'qty', label: '数量', type: 'number' as const, required: true },
        { key: 'scan', label: '扫描件', type: 'file' as const, required: false },
        { key: 'need', label: '需要日期', type: 'date' as const, required: false },
        { key: 'note', label: '备注', type: 'text' as const, required: false },
      ],
    };
    expect(valuesText(c, { need: '2027-01-10', qty: '3', scan: [4], note: '' })).toBe('数量: 3; 需要日期: 2027-01-10');
    expect(valuesText(undefined, { qty: '3' })).toBe('');
  });
});
