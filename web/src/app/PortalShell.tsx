import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Badge, Grid, Menu } from 'antd';
// the layout without Layout.Sider, which `antd`'s Layout carries (2.8 kB gzipped)
import Layout, { Content } from 'antd/es/layout/layout';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { queryClient, QueryClientProvider } from '../api/queries';
import AppHeader from '../components/AppHeader';
import UntilPasswordChanged from '../components/UntilPasswordChanged';
import PageLoading from '../components/PageLoading';
import NoticeBar from '../components/portal/NoticeBar';
import { PortalBrand, PortalFooter, PortalHeaderLinks } from '../components/portal/PortalChrome';
import { refreshUnread, useUnread } from '../features/portal/msgStore';
import { PackBadge } from '../features/portal/PackBadge';
import { useRecordDrawer } from '../features/portal/recordParam';
import { useI18n, type MessageKey } from '../i18n';
import { hasPermission } from '../lib/permission';
import { useSession } from '../lib/session';
import { usePortalLayout } from '../lib/siteConfig';
import { useEver } from '../lib/useEver';

// The record drawer (fields, files, preview) loads when a record is first opened (`?id=`), not with every page.
const RecordDrawer = lazy(() => import('../features/portal/RecordDrawer'));

function RecordDrawerSlot() {
  const used = useEver(useRecordDrawer().id !== undefined);
  return used ? (
    <Suspense fallback={null}>
      <RecordDrawer />
    </Suspense>
  ) : null;
}

/**
 * The header's entries; one with `funCode` shows to whoever holds it (the calls behind the page need it), one
 * `staffOnly` not to external (partner) accounts, whose calls the server refuses there.
 */
const NAV: readonly { key: string; titleKey: MessageKey; funCode?: string; staffOnly?: boolean }[] = [
  { key: '/gateway', titleKey: 'nav.gateway' },
  { key: '/gatewaySearch', titleKey: 'nav.gatewaySearch' },
  { key: '/gatewayMsg', titleKey: 'nav.gatewayMsg' },
  // the audience's side of demand collection (internal/demand FunPortal)
  { key: '/gatewayDemand', titleKey: 'nav.gatewayDemand', funCode: 'gateway', staffOnly: true },
  { key: '/gatewayCourse', titleKey: 'nav.gatewayCourse' },
  { key: '/gatewayTraining', titleKey: 'nav.gatewayTraining', staffOnly: true },
];

/**
 * Portal shell: header with the configured logo, title and links (/headerAndfooter_manager), top navigation (with
 * the unread message count), the bid pack and the user menu; the system notices; centred content; the configured
 * footer; and the record drawer every portal screen opens through the route query's `id`. `children` replace the
 * routed view (the refusal of an admin address to someone with no admin screen).
 */
export default function PortalShell({ children }: { children?: ReactNode } = {}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const userId = session?.userId;
  const unread = useUnread();
  const nav = NAV.filter(
    (n) => (!n.funCode || hasPermission(n.funCode, session?.funCodes)) && !(n.staffOnly && session?.external),
  );
  // the entry of the path itself (/gatewayDetail is none of them)
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  const selected = nav.find((n) => path === n.key.toLowerCase() || path.startsWith(`${n.key.toLowerCase()}/`))?.key;
  const layout = usePortalLayout();
  // a phone: the navigation is a row of tabs under the header (the header keeps the brand, the pack and the user menu)
  const narrow = Grid.useBreakpoint().md === false;
  const label = (n: (typeof NAV)[number]) =>
    n.key === '/gatewayMsg' && unread ? (
      <Badge count={unread} size="small" offset={[8, -2]} data-testid="nav-unread">
        {t(n.titleKey)}
      </Badge>
    ) : (
      t(n.titleKey)
    );
  useEffect(() => {
    if (userId != null) void refreshUnread();
  }, [userId]);
  return (
    <QueryClientProvider client={queryClient}>
      <Layout style={{ minHeight: '100%' }}>
        <AppHeader
          variant="portal"
          left={
            <>
              <PortalBrand layout={layout} />
              {!narrow && (
                <Menu
                  mode="horizontal"
                  selectedKeys={selected ? [selected] : []}
                  items={nav.map((n) => ({ key: n.key, label: label(n) }))}
                  onClick={({ key }) => navigate(key)}
                  style={{ borderBottom: 'none', minWidth: 0, flex: 1, lineHeight: '54px' }}
                />
              )}
              {!narrow && <PortalHeaderLinks links={layout?.headerLinks} />}
            </>
          }
          extra={<PackBadge />}
        />
        {narrow && (
          <nav className="bd-portal-tabs" aria-label={t('nav.gateway')} data-testid="portal-tabs">
            {nav.map((n) => (
              <Link key={n.key} to={n.key} aria-current={selected === n.key ? 'page' : undefined}>
                {label(n)}
              </Link>
            ))}
          </nav>
        )}
        <Content>
          <main className="bd-portal-main">
            <UntilPasswordChanged>
              <NoticeBar />
              <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
            </UntilPasswordChanged>
          </main>
        </Content>
        <PortalFooter layout={layout} />
        {/* /gatewayCourse's `?id=` is a course (what a banner or a push opens), not a library record */}
        {path !== '/gatewaycourse' && <RecordDrawerSlot />}
      </Layout>
    </QueryClientProvider>
  );
}
