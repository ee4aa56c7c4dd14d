import { lazy, Suspense, useMemo, useState } from 'react';
import { Breadcrumb, Button, Grid, Layout, Menu, type MenuProps } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { queryClient } from '../api/queries';
import type { SysMenu } from '../api/types';
import AppHeader from '../components/AppHeader';
import UntilPasswordChanged from '../components/UntilPasswordChanged';
import Brand from '../components/Brand';
import { iconFor } from '../components/icons';
import PageLoading from '../components/PageLoading';
import { useI18n } from '../i18n';
import { useSession } from '../lib/session';
import { breadcrumbs, menuLabel, menuTarget, menuTrail } from './menu';
import { adminEntry, findRoute } from './routes';
import { useGuardDecision } from './RouteGuard';

// antd's Result and its pictures load only when a route is refused.
const ForbiddenPage = lazy(() => import('../features/errors/ForbiddenPage'));

type Item = Required<MenuProps>['items'][number];

const PortalShell = lazy(() => import('./PortalShell'));

function toItems(menus: SysMenu[] | undefined): Item[] {
  return (menus ?? []).map((m) =>
    m.subMenus?.length
      ? { key: m.code, icon: iconFor(m.icon), label: menuLabel(m), children: toItems(m.subMenus) }
      : { key: m.code, icon: iconFor(m.icon), label: menuLabel(m) },
  );
}

function findNode(menus: SysMenu[] | undefined, code: string): SysMenu | undefined {
  for (const m of menus ?? []) {
    if (m.code === code) return m;
    const hit = findNode(m.subMenus, code);
    if (hit) return hit;
  }
  return undefined;
}

/** Admin shell: collapsible side menu from sysMenus, header with breadcrumb, content area. */
export default function AdminShell() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const href = pathname + search;
  const session = useSession();
  const decision = useGuardDecision();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.lg;
  const [collapsed, setCollapsed] = useState<boolean | null>(null);
  const isCollapsed = collapsed ?? narrow;

  const menus = session?.sysMenus;
  const route = findRoute(pathname);
  const trail = useMemo(() => menuTrail(menus, route, href), [menus, route, href]);
  // the labels are translated inside toItems (getLang): lang is a real dependency the rule cannot see
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const items = useMemo(() => toItems(menus), [menus, lang]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => trail.slice(0, -1).map((m) => m.code));
  const home = adminEntry(session?.menuCodes, session?.sysMenus);

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    const node = findNode(menus, key);
    const target = node && menuTarget(node);
    if (!target) return;
    if (/^https?:\/\//.test(target)) window.open(target, '_blank', 'noopener,noreferrer');
    else navigate(target);
    if (narrow) setCollapsed(true);
  };

  const crumbs = breadcrumbs(href, menus, home).map((c, i, all) => ({
    key: i,
    title: c.path && i < all.length - 1 ? <Link to={c.path}>{c.title}</Link> : c.title,
  }));

  // someone with no admin screen at all (a staff member at an admin address) is refused inside the portal they
  // came from, not in an admin shell with an empty menu
  if (decision.kind === 'forbidden' && !home) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PortalShell>
          <ForbiddenPage />
        </PortalShell>
      </Suspense>
    );
  }

  return (
    <QueryClientProvider client={queryClient}>
      <Layout style={{ minHeight: '100%' }}>
        <Layout.Sider
          theme="light"
          width={232}
          collapsible
          collapsed={isCollapsed}
          collapsedWidth={narrow ? 0 : 64}
          trigger={null}
          style={{ borderRight: '1px solid #e8ebf0', position: narrow ? 'fixed' : 'sticky', top: 0, height: '100vh', zIndex: 20, overflow: 'auto' }}
        >
          <div className="bd-sider-brand" style={{ color: 'inherit', paddingInline: isCollapsed ? 18 : 20 }}>
            <Brand compact={isCollapsed} />
          </div>
          <Menu
            mode="inline"
            items={items}
            selectedKeys={trail.length ? [trail[trail.length - 1].code] : []}
            openKeys={isCollapsed ? undefined : openKeys}
            onOpenChange={setOpenKeys}
            onClick={onMenuClick}
            style={{ borderInlineEnd: 'none' }}
          />
        </Layout.Sider>
        <Layout style={{ minWidth: 0 }}>
          <AppHeader
            variant="admin"
            left={
              <>
                <Button
                  type="text"
                  aria-label={t('header.toggleMenu')}
                  icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                  onClick={() => setCollapsed(!isCollapsed)}
                />
                <Breadcrumb items={crumbs} data-testid="breadcrumb" />
              </>
            }
          />
          <Layout.Content className="bd-admin-content">
            <UntilPasswordChanged>
              <Suspense fallback={<PageLoading />}>{decision.kind === 'forbidden' ? <ForbiddenPage /> : <Outlet />}</Suspense>
            </UntilPasswordChanged>
          </Layout.Content>
        </Layout>
      </Layout>
    </QueryClientProvider>
  );
}
