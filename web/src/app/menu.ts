/** Admin side menu and breadcrumbs from the session's sysMenus tree plus the route table (pure). */
import type { SysMenu } from '../api/types';
import { getLang, hasMessage, t, type MessageKey } from '../i18n';
import { findAdminRouteByCode, findRoute, type RouteEntry } from './routes';

/**
 * Menu label. The server's names are the default language's and administrators rename menus in /menusmanager, so
 * in that language the server's name wins; in another language the i18n text of the code, else the server's name.
 */
export function menuLabel(node: Pick<SysMenu, 'code' | 'name'>): string {
  const key = `nav.${node.code}`;
  if (node.name && (getLang() === 'zh-CN' || !hasMessage(key))) return node.name;
  return hasMessage(key) ? t(key as MessageKey) : node.code;
}

/** Where a menu node leads: its own path, else the admin route of its code. */
export function menuTarget(node: SysMenu): string | undefined {
  if (node.path) return node.path;
  return findAdminRouteByCode(node.code)?.path;
}

function trailTo(menus: SysMenu[] | undefined, matches: (m: SysMenu) => boolean): SysMenu[] {
  for (const m of menus ?? []) {
    if (matches(m)) return [m];
    const sub = trailTo(m.subMenus, matches);
    if (sub.length) return [m, ...sub];
  }
  return [];
}

/**
 * Chain of menu nodes from the root to the node matching the route (by code or by path), or []. With href (path and
 * query), a node whose own path is exactly href wins (a dynamic report of the side menu, /dreport?id=N).
 */
export function menuTrail(menus: SysMenu[] | undefined, route: RouteEntry | undefined, href?: string): SysMenu[] {
  if (!route || !menus) return [];
  const exact = href?.includes('?') ? trailTo(menus, (m) => m.path === href) : [];
  if (exact.length) return exact;
  return trailTo(menus, (m) => (route.menuCode !== undefined && m.code === route.menuCode) || (!!m.path && !m.path.includes('?') && findRoute(m.path) === route));
}

export interface Crumb {
  title: string;
  path?: string;
}

/**
 * The title of a screen: its menu's label when the session's menus hold it (so menu, breadcrumb and document title
 * say the same, renames in /menusmanager included), else the route's text.
 */
export function screenTitle(path: string, menus: SysMenu[] | undefined): string {
  const route = findRoute(path);
  if (!route) return '';
  const trail = menuTrail(menus, route);
  return trail.length ? menuLabel(trail[trail.length - 1]) : t(route.titleKey);
}

/** Breadcrumbs: 'home' first, then the menu groups, then the page title. */
export function breadcrumbs(path: string, menus: SysMenu[] | undefined, homePath?: string): Crumb[] {
  const route = findRoute(path);
  const crumbs: Crumb[] = [{ title: t('common.home'), path: homePath }];
  if (!route) return crumbs;
  const trail = menuTrail(menus, route, path);
  trail.slice(0, -1).forEach((m) => crumbs.push({ title: menuLabel(m) }));
  if (route.path !== homePath) crumbs.push({ title: trail.length ? menuLabel(trail[trail.length - 1]) : t(route.titleKey) });
  return crumbs;
}

/** Leaves of the menu tree that lead to a route of the table, in menu order (shortcut cards). */
export function menuLeaves(menus: SysMenu[] | undefined): { node: SysMenu; route: RouteEntry }[] {
  const out: { node: SysMenu; route: RouteEntry }[] = [];
  const walk = (list: SysMenu[] | undefined) =>
    list?.forEach((m) => {
      if (m.subMenus?.length) return walk(m.subMenus);
      const target = menuTarget(m);
      const route = target ? findRoute(target) : undefined;
      if (route && !out.some((o) => o.route === route)) out.push({ node: m, route });
    });
  walk(menus);
  return out;
}
