import { Suspense } from 'react';
import { Layout, Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import AppHeader from '../components/AppHeader';
import PageLoading from '../components/PageLoading';
import NoticeBar from '../components/portal/NoticeBar';
import { PortalBrand, PortalFooter, PortalHeaderLinks } from '../components/portal/PortalChrome';
import { useI18n } from '../i18n';
import { usePortalLayout } from '../lib/siteConfig';

const NAV = [
  { key: '/gateway', titleKey: 'nav.gateway' },
  { key: '/gatewaySearch', titleKey: 'nav.gatewaySearch' },
  { key: '/gatewayMsg', titleKey: 'nav.gatewayMsg' },
] as const;

/**
 * Portal shell: header with the configured logo, title and links (/headerAndfooter_manager), top navigation and user
 * menu; the system notices; centred content; the configured footer.
 */
export default function PortalShell() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // the longest matching entry: /gatewayMsg is 'messages', not 'portal home'
  const selected = [...NAV].sort((a, b) => b.key.length - a.key.length).find((n) => pathname.toLowerCase().startsWith(n.key.toLowerCase()))?.key;
  const layout = usePortalLayout();
  return (
    <Layout style={{ minHeight: '100%' }}>
      <AppHeader
        variant="portal"
        left={
          <>
            <PortalBrand layout={layout} />
            <Menu
              mode="horizontal"
              selectedKeys={selected ? [selected] : []}
              items={NAV.map((n) => ({ key: n.key, label: t(n.titleKey) }))}
              onClick={({ key }) => navigate(key)}
              style={{ borderBottom: 'none', minWidth: 0, flex: 1, lineHeight: '54px' }}
            />
            <PortalHeaderLinks links={layout?.headerLinks} />
          </>
        }
      />
      <Layout.Content>
        <main className="bd-portal-main">
          <NoticeBar />
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </Layout.Content>
      <PortalFooter layout={layout} />
    </Layout>
  );
}
