import { lazy, Suspense, useMemo, useState, useSyncExternalStore } from 'react';
import { Button } from 'antd';
// the layout without Layout.Sider, which `antd`'s Layout carries (2.8 kB gzipped): the side column is ours (SideNav.tsx)
import Layout, { Content } from 'antd/es/layout/layout';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router-dom';
import { queryClient, QueryClientProvider } from '../api/queries';
import AppHeader from '../components/AppHeader';
import UntilPasswordChanged from '../components/UntilPasswordChanged';
import Brand from '../components/Brand';
import PageLoading from '../components/PageLoading';
import { useI18n } from '../i18n';
import { useSession } from '../lib/session';
import { breadcrumbs, menuTrail } from './menu';
import { adminEntry, findRoute } from './routes';
import { useGuardDecision } from './RouteGuard';
import { Crumbs, SideNav, Sider } from './SideNav';

// antd's Result and its pictures load only when a route is refused.
const ForbiddenPage = lazy(() => import('../features/errors/ForbiddenPage'));

const PortalShell = lazy(() => import('./PortalShell'));

// antd's lg breakpoint: below it the side menu lies over the page and starts closed
const WIDE = '(min-width: 992px)';
const subscribeWide = (cb: () => void) => {
  const mq = window.matchMedia(WIDE);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
};
const useWide = () => useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches);

/** Admin shell: collapsible side menu from sysMenus, header with breadcrumb, content area. */
export default function AdminShell() {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const href = pathname + search;
  const session = useSession();
  const decision = useGuardDecision();
  const narrow = !useWide();
  const [collapsed, setCollapsed] = useState<boolean | null>(null);
  const isCollapsed = collapsed ?? narrow;

  const menus = session?.sysMenus;
  const route = findRoute(pathname);
  const trail = useMemo(() => menuTrail(menus, route, href), [menus, route, href]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => trail.slice(0, -1).map((m) => m.code));
  const home = adminEntry(session?.menuCodes, session?.sysMenus);

  const crumbs = breadcrumbs(href, menus, home);

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
      <Layout hasSider style={{ minHeight: '100%' }}>
        <Sider collapsed={isCollapsed} narrow={narrow}>
          <div className="bd-sider-brand" style={{ color: 'inherit', paddingInline: isCollapsed ? 18 : 20 }}>
            <Brand compact={isCollapsed} />
          </div>
          <SideNav
            label={t('shell.sideMenu')}
            menus={menus}
            trail={trail.map((m) => m.code)}
            collapsed={isCollapsed}
            openKeys={openKeys}
            onOpenChange={setOpenKeys}
            onNavigate={() => narrow && setCollapsed(true)}
          />
        </Sider>
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
                <Crumbs crumbs={crumbs} label={t('shell.breadcrumb')} />
              </>
            }
          />
          <Content className="bd-admin-content">
            <UntilPasswordChanged>
              <Suspense fallback={<PageLoading />}>{decision.kind === 'forbidden' ? <ForbiddenPage /> : <Outlet />}</Suspense>
            </UntilPasswordChanged>
          </Content>
        </Layout>
      </Layout>
    </QueryClientProvider>
  );
}
