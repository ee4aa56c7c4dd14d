import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import LogoutFrame from '../components/LogoutFrame';
import PageLoading from '../components/PageLoading';
import { useI18n } from '../i18n';
import RouteGuard from './RouteGuard';
import { findRoute } from './routes';

/** Root of every screen: guard + routed view + the hidden logout frame. */
export default function RootLayout() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  useEffect(() => {
    document.title = route ? `${t(route.titleKey)} · ${t('app.name')}` : t('app.name');
  }, [route, t]);
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <RouteGuard />
      </Suspense>
      <LogoutFrame />
    </>
  );
}
