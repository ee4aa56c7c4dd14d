import { describe, expect, it } from 'vitest';
import { applyChoice } from './columnSettings';

interface Col {
  key: string;
  pinned?: boolean;
}
const cols: Col[] = [{ key: 'name' }, { key: 'unit' }, { key: 'state' }, { key: 'actions', pinned: true }];
const keys = (cs: Col[]) => cs.map((c) => c.key);
const apply = (choice: Parameters<typeof applyChoice>[3]) => keys(applyChoice(cols, (c) => c.key, (c) => !!c.pinned, choice));

describe('column settings', () => {
  it('keeps the columns as they are without a choice', () => {
    expect(apply(null)).toEqual(['name', 'unit', 'state', 'actions']);
  });
  it('orders and hides as chosen, the actions column staying last', () => {
    expect(apply({ order: ['state', 'name', 'unit'], hidden: ['unit'] })).toEqual(['state', 'name', 'actions']);
  });
  it('drops keys that are gone and shows new columns after the chosen ones', () => {
    expect(apply({ order: ['old', 'unit'], hidden: ['old'] })).toEqual(['unit', 'name', 'state', 'actions']);
  });
  it('never hides a pinned column', () => {
    expect(apply({ order: [], hidden: ['actions'] })).toEqual(['name', 'unit', 'state', 'actions']);
  });
});
