import { Suspense } from 'react';
import { Layout, Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import AppHeader from '../components/AppHeader';
import Brand from '../components/Brand';
import PageLoading from '../components/PageLoading';
import { useI18n } from '../i18n';

const NAV = [
  { key: '/gateway', titleKey: 'nav.gateway' },
  { key: '/gatewaySearch', titleKey: 'nav.gatewaySearch' },
  { key: '/gatewayMsg', titleKey: 'nav.gatewayMsg' },
] as const;

/** Portal shell: header with brand, top navigation and user menu; centred content. */
export default function PortalShell() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = NAV.find((n) => pathname.toLowerCase().startsWith(n.key.toLowerCase()))?.key;
  return (
    <Layout style={{ minHeight: '100%' }}>
      <AppHeader
        variant="portal"
        left={
          <>
            <Brand />
            <Menu
              mode="horizontal"
              selectedKeys={selected ? [selected] : []}
              items={NAV.map((n) => ({ key: n.key, label: t(n.titleKey) }))}
              onClick={({ key }) => navigate(key)}
              style={{ borderBottom: 'none', minWidth: 0, flex: 1, lineHeight: '54px' }}
            />
          </>
        }
      />
      <Layout.Content>
        <main className="bd-portal-main">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </Layout.Content>
    </Layout>
  );
}
