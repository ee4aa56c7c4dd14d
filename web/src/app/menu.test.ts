import { beforeEach, describe, expect, it } from 'vitest';
import type { SysMenu } from '../api/types';
import { setLang } from '../i18n';
import { breadcrumbs, menuLabel, menuLeaves, menuTarget, menuTrail, screenTitle } from './menu';
import { adminEntry, findRoute, menuPaths } from './routes';

const menus: SysMenu[] = [
  { code: 'welcome', name: '首页', path: '/welcome' },
  {
    code: 'sys',
    name: '系统管理',
    icon: 'setting',
    subMenus: [
      { code: 'sysuser', name: '用户管理', path: '/sysuser' },
      { code: 'dict_manager', name: '字典', path: '' },
      { code: 'custom', name: 'Custom screen', path: '' },
    ],
  },
];

beforeEach(() => setLang('en'));

describe('admin menu', () => {
  it('labels from i18n by code, else the server name', () => {
    expect(menuLabel({ code: 'sysuser', name: '用户管理' })).toBe('User management');
    expect(menuLabel({ code: 'sys', name: '系统管理' })).toBe('System administration');
    expect(menuLabel({ code: 'custom_group', name: '自定义分组' })).toBe('自定义分组');
    setLang('zh-CN');
    // in the default language an administrator's name wins (renamed in /menusmanager); the code's text fills a gap
    expect(menuLabel({ code: 'dict_manager', name: '数据字典' })).toBe('数据字典');
    expect(menuLabel({ code: 'dict_manager', name: '' })).toBe('字典管理');
  });

  it('targets: own path, else the route of the code', () => {
    expect(menuTarget(menus[1].subMenus![1])).toBe('/dict_manager');
    expect(menuTarget(menus[1].subMenus![2])).toBeUndefined();
  });

  it("breadcrumbs start with 'home' and follow the menu tree", () => {
    expect(breadcrumbs('/sysuser', menus, '/welcome')).toEqual([
      { title: 'Home', path: '/welcome' },
      { title: 'System administration' },
      { title: 'User management' },
    ]);
    expect(breadcrumbs('/welcome', menus, '/welcome')).toEqual([{ title: 'Home', path: '/welcome' }]);
    expect(breadcrumbs('/summary', menus, '/welcome').map((c) => c.title)).toEqual(['Home', 'Annual bid-material summary']);
  });

  it('leaves lead to routes of the table', () => {
    expect(menuLeaves(menus).map((l) => l.route.path)).toEqual(['/welcome', '/sysuser', '/dict_manager']);
  });

  it('menu, breadcrumb and title say one name: the menu node when the session holds it', () => {
    setLang('zh-CN');
    const renamed: SysMenu[] = [{ code: 'sys', name: '系统管理', subMenus: [{ code: 'sysuser', name: '账号管理', path: '/sysuser' }] }];
    expect(screenTitle('/sysuser', renamed)).toBe('账号管理');
    expect(breadcrumbs('/sysuser', renamed, '/welcome').map((c) => c.title)).toEqual(['首页', '系统管理', '账号管理']);
    expect(screenTitle('/sysuser', [])).toBe('用户管理');
    expect(screenTitle('/welcome', menus)).toBe('首页');
  });
});

describe('dynamic reports in the side menu', () => {
  beforeEach(() => setLang('zh-CN'));
  const reports: SysMenu[] = [
    { code: 'dreport_menu', name: '报表', path: '', icon: '', subMenus: [
      { code: 'dreport_1', name: '甲', path: '/dreport?id=1', icon: '', subMenus: [] },
      { code: 'dreport_2', name: '乙', path: '/dreport?id=2', icon: '', subMenus: [] },
    ] },
  ];
  it('leads to /dreport by path: the entry of a session with no admin code, the trail of the report shown', () => {
    expect(menuPaths(reports)).toEqual(['/dreport?id=1', '/dreport?id=2']);
    expect(adminEntry([], reports)).toBe('/dreport?id=1');
    expect(menuTrail(reports, findRoute('/dreport'), '/dreport?id=2').map((m) => m.code)).toEqual(['dreport_menu', 'dreport_2']);
    expect(breadcrumbs('/dreport?id=2', reports).map((c) => c.title)).toEqual(['首页', '报表', '乙']);
  });
});
