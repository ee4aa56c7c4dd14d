import { describe, expect, it } from 'vitest';
import { grantsToSave, tickedKeys } from './grants';

const tree = [
  { key: 'm:welcome', children: [{ key: 'f:welcome' }] },
  {
    key: 'm:ops',
    children: [
      { key: 'm:login_log', children: [{ key: 'f:login_log' }] },
      { key: 'm:task_log', children: [{ key: 'f:task_log' }] },
    ],
  },
  { key: 'other-functions', children: [{ key: 'f:gateway' }] },
];

describe('role grants tree', () => {
  it('grants a menu, and its groups, when a function below it is ticked', () => {
    expect(grantsToSave(tree, ['f:login_log', 'f:gateway'])).toEqual({ menuCodes: ['login_log', 'ops'], funCodes: ['login_log', 'gateway'] });
  });
  it('nothing ticked grants nothing', () => {
    expect(grantsToSave(tree, [])).toEqual({ menuCodes: [], funCodes: [] });
  });
  it('a ticked menu without functions is kept', () => {
    expect(grantsToSave([{ key: 'm:solo' }], ['m:solo']).menuCodes).toEqual(['solo']);
  });
  it('loads the function leaves and the menus without functions', () => {
    expect(tickedKeys(['ops', 'login_log', 'solo'], ['login_log'], [{ menuCode: 'login_log' }, { menuCode: '' }])).toEqual([
      'f:login_log',
      'm:ops',
      'm:solo',
    ]);
  });
});
