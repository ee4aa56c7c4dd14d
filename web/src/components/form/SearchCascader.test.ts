import { describe, expect, it } from 'vitest';
import { matchPaths } from './SearchCascader';

const regions = [
  { value: '44', label: '广东省', children: [{ value: '4403', label: '深圳市', children: [{ value: '440305', label: '南山区' }] }] },
  { value: '81', label: 'Hong Kong', children: [{ value: '8101', label: 'Central' }, { value: '8102', label: 'Wan Chai' }] },
];
const labels = (paths: { label: string }[][]) => paths.map((p) => p.map((o) => o.label).join('/'));

describe('cascader search', () => {
  it('finds every leaf path whose labels hold the keyword, ignoring case', () => {
    expect(labels(matchPaths(regions, '深圳'))).toEqual(['广东省/深圳市/南山区']);
    expect(labels(matchPaths(regions, 'hong'))).toEqual(['Hong Kong/Central', 'Hong Kong/Wan Chai']);
    expect(labels(matchPaths(regions, 'CHAI'))).toEqual(['Hong Kong/Wan Chai']);
  });

  it('an empty keyword matches nothing (the normal menu shows)', () => {
    expect(matchPaths(regions, '  ')).toEqual([]);
  });
});
