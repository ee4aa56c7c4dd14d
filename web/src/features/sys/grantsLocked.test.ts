import { describe, expect, it } from 'vitest';
import { editorCodes, lockedKeys } from './grants';

const tree = [
  { key: 'm:welcome', children: [{ key: 'f:welcome' }] },
  {
    key: 'm:ops',
    children: [
      { key: 'm:login_log', children: [{ key: 'f:login_log' }] },
      { key: 'm:task_log', children: [{ key: 'f:task_log' }] },
    ],
  },
  { key: 'other-functions', children: [{ key: 'f:gateway' }, { key: 'f:library_admin' }] },
];
const none = { menuCodes: [], funCodes: [] };

describe('what a role editor may not grant', () => {
  it('locks the menus and codes the editor does not hold', () => {
    const editor = { menuCodes: ['ops', 'login_log'], funCodes: ['login_log', 'gateway'] };
    expect([...lockedKeys(tree, editor, none)].sort()).toEqual(['f:library_admin', 'f:task_log', 'f:welcome', 'm:task_log', 'm:welcome']);
  });
  it('locks everything below a menu the editor does not hold, even codes he holds', () => {
    const editor = { menuCodes: [], funCodes: ['login_log'] };
    expect(lockedKeys(tree, editor, none).has('f:login_log')).toBe(true);
    expect(lockedKeys(tree, editor, none).has('m:ops')).toBe(true);
  });
  it('keeps open what the role already carries, so it can stay or go', () => {
    const role = { menuCodes: ['welcome'], funCodes: ['welcome', 'library_admin'] };
    const locked = lockedKeys(tree, none, role);
    expect(locked.has('m:welcome') || locked.has('f:welcome') || locked.has('f:library_admin')).toBe(false);
    expect(locked.has('f:gateway')).toBe(true);
  });
  it('locks nothing for an editor holding everything, and never the group of loose codes', () => {
    const all = { menuCodes: ['welcome', 'ops', 'login_log', 'task_log'], funCodes: ['welcome', 'login_log', 'task_log', 'gateway', 'library_admin'] };
    expect(lockedKeys(tree, all, none).size).toBe(0);
    expect(lockedKeys(tree, none, none).has('other-functions')).toBe(false);
  });
  it('reads the editor from the session', () => {
    expect(editorCodes({ funCodes: 'welcome, sysuser,,', menuCodes: ['welcome'] })).toEqual({ menuCodes: ['welcome'], funCodes: ['welcome', 'sysuser'] });
    expect(editorCodes(null)).toEqual({ menuCodes: [], funCodes: [] });
  });
});
