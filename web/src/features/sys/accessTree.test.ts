import { describe, expect, it } from 'vitest';
import { ancestorIds, changedOrders, keepLocked, menuOptions, moveOf, openedBy, sideOf, type TreeMenu } from './accessTree';

const m = (id: number, code: string, children: TreeMenu[] = []): TreeMenu => ({ id, code, children });
// welcome(1); sys(2): users(3), roles(4), menus(5); ops(6): log(7)
const tree = [m(1, 'welcome'), m(2, 'sys', [m(3, 'users'), m(4, 'roles'), m(5, 'menus')]), m(6, 'ops', [m(7, 'log')])];

describe('moveOf (drag and drop to PUT /api/sys/menu/move)', () => {
  it('drops onto a node: first child of it', () => {
    expect(moveOf(tree, { dragId: 7, targetId: 2, toGap: false, side: 0 })).toEqual({ id: 7, parentId: 2, index: 0 });
  });
  it('drops before or after a node of another parent', () => {
    expect(moveOf(tree, { dragId: 7, targetId: 4, toGap: true, side: -1 })).toEqual({ id: 7, parentId: 2, index: 1 });
    expect(moveOf(tree, { dragId: 7, targetId: 5, toGap: true, side: 1 })).toEqual({ id: 7, parentId: 2, index: 3 });
  });
  it('counts positions without the dragged menu within the same parent', () => {
    // users after menus: siblings without users are roles, menus -> index 2 (the end)
    expect(moveOf(tree, { dragId: 3, targetId: 5, toGap: true, side: 1 })).toEqual({ id: 3, parentId: 2, index: 2 });
    // menus before roles -> index 1
    expect(moveOf(tree, { dragId: 5, targetId: 4, toGap: true, side: -1 })).toEqual({ id: 5, parentId: 2, index: 1 });
  });
  it('moves to the top level', () => {
    expect(moveOf(tree, { dragId: 4, targetId: 1, toGap: true, side: -1 })).toEqual({ id: 4, parentId: 0, index: 0 });
  });
  it('ignores drops that change nothing or would nest a menu below itself', () => {
    expect(moveOf(tree, { dragId: 4, targetId: 3, toGap: true, side: 1 })).toBeUndefined();
    expect(moveOf(tree, { dragId: 4, targetId: 5, toGap: true, side: -1 })).toBeUndefined();
    expect(moveOf(tree, { dragId: 2, targetId: 3, toGap: false, side: 0 })).toBeUndefined();
    expect(moveOf(tree, { dragId: 2, targetId: 2, toGap: false, side: 0 })).toBeUndefined();
  });
});

describe('sideOf', () => {
  it('reads antd dropPosition relative to the target', () => {
    expect(sideOf(0, '0-1-1')).toBe(-1);
    expect(sideOf(2, '0-1-1')).toBe(1);
    expect(sideOf(1, '0-1-1')).toBe(0);
  });
});

describe('changedOrders', () => {
  it('sends only the numbers that changed', () => {
    const rows = [{ id: 1, sort: 10 }, { id: 2, sort: 20 }, { id: 3, sort: 30 }];
    expect(changedOrders(rows, { 1: 10, 2: 5, 3: null })).toEqual([{ id: 2, sort: 5 }]);
  });
});

describe('openedBy', () => {
  const res = [
    { path: '/a', funCodes: ['sysuser'] },
    { path: '/b', funCodes: ['rolemanager', 'menusmanager'] },
    { path: '/c', funCodes: ['dict_manager'] },
  ];
  it('lists the resources any held code opens, with the codes that open them', () => {
    expect(openedBy(res, ['menusmanager', 'sysuser']).map((r) => [r.path, r.via])).toEqual([['/a', ['sysuser']], ['/b', ['menusmanager']]]);
    expect(openedBy(res, [])).toEqual([]);
  });
});

describe('keepLocked', () => {
  it('puts locked codes back', () => {
    expect(keepLocked(['sysuser'], ['resmanager'])).toEqual(['sysuser', 'resmanager']);
    expect(keepLocked(['resmanager'], ['resmanager'])).toEqual(['resmanager']);
  });
});

describe('menuOptions', () => {
  const named = [{ code: 'sys', name: '系统', children: [{ code: 'users', name: '用户', children: [] }] }, { code: 'ops', name: '运维', children: [] }];
  it('offers every menu by code, leaving out a menu and what is below it', () => {
    expect(menuOptions(named)).toEqual([
      { value: 'sys', title: '系统 (sys)', children: [{ value: 'users', title: '用户 (users)', children: [] }] },
      { value: 'ops', title: '运维 (ops)', children: [] },
    ]);
    expect(menuOptions(named, 'sys').map((o) => o.value)).toEqual(['ops']);
  });
});

describe('ancestorIds', () => {
  it('walks from the top to the parent', () => {
    expect(ancestorIds(tree, 7)).toEqual([6]);
    expect(ancestorIds(tree, 2)).toEqual([]);
    expect(ancestorIds([m(1, 'a', [m(2, 'b', [m(3, 'c')])])], 3)).toEqual([1, 2]);
    expect(ancestorIds(tree, 99)).toEqual([]);
  });
});
