import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import zhCN from '../i18n/zh-CN';
import { COMING_SOON, adminEntry, adminRoutes, findRoute, isBuilt, routes } from './routes';

/** One entry of the server's menu catalogue (internal/access/catalogue.go), as its Go test writes it. */
interface MenuDef {
  code: string;
  name: string;
  path?: string;
  children?: MenuDef[];
}

// The server's catalogue, kept equal to catalogue.go by TestCatalogueFileIsTheCatalogue (internal/access).
const files = import.meta.glob<MenuDef[]>('../../../testdata/menu_catalogue.json', { eager: true, import: 'default' });
const catalogue = Object.values(files).flat();

const leaves = (defs: MenuDef[]): MenuDef[] => defs.flatMap((d) => (d.children?.length ? leaves(d.children) : [d]));
const groups = catalogue.filter((d) => d.children?.length);
const messages = { en, 'zh-CN': zhCN } as Record<string, Record<string, string | undefined>>;

describe('route table and menu catalogue', () => {
  it('reads the catalogue', () => {
    expect(Object.keys(files)).toHaveLength(1);
    expect(leaves(catalogue).length).toBeGreaterThan(40);
  });

  it('has one admin route for every screen of the catalogue, and none besides', () => {
    const screens = leaves(catalogue);
    expect(adminRoutes.map((r) => r.menuCode).sort()).toEqual(screens.map((d) => d.code).sort());
    for (const d of screens) {
      const r = adminRoutes.find((a) => a.menuCode === d.code);
      expect(r?.path, d.code).toBe(d.path);
    }
  });

  it('titles every screen and menu group in both languages, the Chinese title being the catalogue name', () => {
    for (const d of [...leaves(catalogue), ...groups]) {
      expect(messages['zh-CN'][`nav.${d.code}`], `zh-CN nav.${d.code}`).toBe(d.name);
      expect(messages.en[`nav.${d.code}`], `en nav.${d.code}`).toMatch(/\S/);
    }
  });

  it('shows a planned screen as coming soon, and only a planned one', () => {
    for (const r of adminRoutes) expect(r.page === COMING_SOON, r.path).toBe(!!r.planned);
  });
});

describe('route table', () => {
  it('holds the public and portal routes of spec section 2 in their shells', () => {
    const shells = Object.fromEntries(routes.map((r) => [r.path, r.shell]));
    for (const p of ['/login', '/ahrLogin', '/login2', '/sso']) expect(shells[p]).toBe('public');
    for (const p of ['/gateway', '/gatewaySearch', '/gatewayMsg', '/gatewayDetail']) expect(shells[p]).toBe('portal');
    for (const tab of ['enterprise', 'expert', 'contract', 'honor', 'caKeyClass', 'service', 'packs'])
      expect(shells[`/gatewayDetail/${tab}`]).toBe('portal');
  });

  it('paths are unique and every title exists in both languages', () => {
    expect(new Set(routes.map((r) => r.path.toLowerCase())).size).toBe(routes.length);
    for (const r of routes) {
      expect(messages.en[r.titleKey], r.titleKey).toMatch(/\S/);
      expect(messages['zh-CN'][r.titleKey], r.titleKey).toMatch(/\S/);
    }
  });

  it('finds routes case-insensitively and ignores a trailing slash', () => {
    expect(findRoute('/SysUser/')?.path).toBe('/sysuser');
    expect(findRoute('/nope')).toBeUndefined();
  });

  it('the admin entry is /welcome when held, else the first held admin route, else none', () => {
    expect(adminEntry(['sysuser', 'welcome'])).toBe('/welcome');
    expect(adminEntry(['sys', 'dict_manager'])).toBe('/dict_manager');
    expect(adminEntry(['sys'])).toBeUndefined();
    expect(adminEntry(undefined)).toBeUndefined();
  });
});

describe('unbuilt screens', () => {
  it('are the placeholder routes, and the built screens are not', () => {
    expect(isBuilt(findRoute('/sysuser')!)).toBe(true);
    expect(isBuilt(findRoute('/summary')!)).toBe(true);
    expect(isBuilt(findRoute('/demandcollection')!)).toBe(true);
    expect(isBuilt(findRoute('/demand_feedback')!)).toBe(true);
    expect(isBuilt(findRoute('/dreport')!)).toBe(true);
    expect(isBuilt(findRoute('/training_class')!)).toBe(true);
    expect(isBuilt(findRoute('/training_lecturer')!)).toBe(true);
    expect(isBuilt(findRoute('/exam_bank')!)).toBe(true);
    expect(isBuilt(findRoute('/exam_grade')!)).toBe(true);
    // no screen is planned now (training's and the examinations' landed with issues 30 and 31)
    expect(adminRoutes.filter((r) => !isBuilt(r)).map((r) => r.menuCode)).toEqual([]);
  });
});
