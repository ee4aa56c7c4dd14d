import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import LogoutFrame from '../components/LogoutFrame';
import PageLoading from '../components/PageLoading';
import { useI18n } from '../i18n';
import { useSession } from '../lib/session';
import { screenTitle } from './menu';
import RouteGuard from './RouteGuard';

/** Root of every screen: guard + routed view + the hidden logout frame. */
export default function RootLayout() {
  const { t, lang } = useI18n();
  const { pathname } = useLocation();
  const menus = useSession()?.sysMenus;
  useEffect(() => {
    const title = screenTitle(pathname, menus);
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [pathname, menus, lang, t]);
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <RouteGuard />
      </Suspense>
      <LogoutFrame />
    </>
  );
}
