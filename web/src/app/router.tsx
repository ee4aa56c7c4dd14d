import { Component, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import ErrorPage from '../features/errors/ErrorPage';
import { loadMessages, withAntdLocale } from '../i18n';
import RootLayout from './RootLayout';
import { USER_KEY } from '../lib/session';
import { routes, type PageLoader, type RouteEntry, type Shell } from './routes';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();
const loaderIds = new Map<PageLoader, number>();

const withMessages =
  <T,>(upTo: 'core' | 'all', load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadMessages(upTo)]).then(([m]) => m);

/**
 * One React.lazy component per page module (several routes may share a page). A portal or admin page brings the rest
 * of the language's messages unless it needs only the core its shell brought (routes.ts `coreMessages`).
 */
function pageOf(r: RouteEntry) {
  const all = r.shell !== 'public' && !r.coreMessages;
  if (!loaderIds.has(r.page)) loaderIds.set(r.page, loaderIds.size);
  const key = `${loaderIds.get(r.page)}${all ? '+all' : ''}`;
  let Page = lazyPages.get(key);
  if (!Page) {
    Page = lazy(all ? withMessages('all', r.page) : r.page);
    lazyPages.set(key, Page);
  }
  return Page;
}

// Shells are lazy too: the first screen (sign-in) loads neither the admin menu nor the header dialogs.
// They bring the core of the language's messages (the public screens need only theirs: src/i18n/publicKeys.ts).
const PortalShell = lazy(withMessages('core', () => import('./PortalShell')));
const AdminShell = lazy(withMessages('core', () => import('./AdminShell')));
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));
// antd's ConfigProvider (theme, locale) around every screen but the plain sign-in ones; it brings antd's and dayjs' locale.
const AntdLayout = lazy(withAntdLocale(() => import('./AntdRoot')));

function childrenOf(shell: Shell, plain = false): RouteObject[] {
  return routes
    .filter((r) => r.shell === shell && !!r.plain === plain)
    .map((r) => {
      const Page = pageOf(r);
      return { path: r.path, element: <Page /> };
    });
}

interface BoundaryProps {
  /** the path the error happened at: going elsewhere leaves the error page */
  path: string;
  children: ReactNode;
}

/** The error boundary of every screen: a page crashed or its chunk failed to load (e.g. after a deploy). */
class ErrorBoundary extends Component<BoundaryProps, { error?: unknown; path?: string }> {
  state: { error?: unknown; path?: string } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error?: unknown; path?: string }) {
    if (state.error === undefined) return { path: props.path };
    return props.path !== state.path ? { error: undefined, path: props.path } : null;
  }

  render() {
    return this.state.error === undefined ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}

function Boundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary path={useLocation().pathname}>{children}</ErrorBoundary>;
}

/**
 * The routes, generated from the route table. The guard in RootLayout runs before any shell. Rendered with
 * useRoutes inside a BrowserRouter (App.tsx): the app uses no loaders or actions, so it does without the data
 * router and its code (half of react-router's size).
 */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: (
        <Boundary>
          <RootLayout />
        </Boundary>
      ),
      children: [
        { path: '/', element: null },
        ...childrenOf('public', true),
        {
          element: <AntdLayout />,
          children: [
            ...childrenOf('public'),
            { element: <PortalShell />, children: childrenOf('portal') },
            { element: <AdminShell />, children: childrenOf('admin') },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

const appRoutes = buildRoutes();

/**
 * A full load of a signed-in address asks for antd's root, the shell, the page and the messages they need all at once,
 * with the app, instead of each when the one around it has rendered (three chained round trips of chunks: issue 28,
 * docs/performance.md 'Full loads in Chromium'). React.lazy then finds the modules loaded. Without a session the
 * guard sends the address to the sign-in, so nothing is asked for.
 */
export function preloadAddress(pathname: string, signedIn: boolean) {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  const r = routes.find((x) => x.path.toLowerCase() === path);
  if (!signedIn || !r || r.plain || r.shell === 'public') return;
  const quiet = () => undefined;
  withAntdLocale(() => import('./AntdRoot'))().catch(quiet);
  (r.shell === 'portal' ? import('./PortalShell') : import('./AdminShell')).catch(quiet);
  r.page().catch(quiet);
  loadMessages(r.coreMessages ? 'core' : 'all').catch(quiet);
}

function hasSession() {
  try {
    return !!sessionStorage.getItem(USER_KEY);
  } catch {
    return false;
  }
}

if (typeof window !== 'undefined') preloadAddress(window.location.pathname, hasSession());

/** The routed screens (inside the BrowserRouter of App.tsx). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
