import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import ErrorPage from '../features/errors/ErrorPage';
import RootLayout from './RootLayout';
import { routes, type PageLoader, type Shell } from './routes';

const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

/** One React.lazy component per page module (several routes may share a page). */
function pageOf(loader: PageLoader) {
  let Page = lazyPages.get(loader);
  if (!Page) {
    Page = lazy(loader);
    lazyPages.set(loader, Page);
  }
  return Page;
}

// Shells are lazy too: the first screen (sign-in) loads neither the admin menu nor the header dialogs.
const PortalShell = lazy(() => import('./PortalShell'));
const AdminShell = lazy(() => import('./AdminShell'));
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));

function childrenOf(shell: Shell): RouteObject[] {
  return routes
    .filter((r) => r.shell === shell)
    .map((r) => {
      const Page = pageOf(r.page);
      return { path: r.path, element: <Page /> };
    });
}

/** The router, generated from the route table. The guard in RootLayout runs before any shell. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      children: [
        { path: '/', element: null },
        ...childrenOf('public'),
        { element: <PortalShell />, children: childrenOf('portal') },
        { element: <AdminShell />, children: childrenOf('admin') },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes());
