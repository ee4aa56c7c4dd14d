import { Component, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { lazyRemembered, remembered, type Remembered } from '../lib/remembered';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import ErrorPage from '../features/errors/ErrorPage';
import { loadMessages, withAntdLocale } from '../i18n';
import RootLayout from './RootLayout';
import { getSession, type SessionUser } from '../lib/session';
import { guard } from './guard';
import { routes, type PageLoader, type PageModule, type RouteEntry, type Shell } from './routes';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();
const pageLoaders = new Map<string, Remembered<PageModule>>();
const loaderIds = new Map<PageLoader, number>();

const withMessages =
  <T,>(upTo: 'core' | 'all', load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadMessages(upTo)]).then(([m]) => m);

/**
 * One loader per page module (several routes may share a page). A portal or admin page brings the rest of the
 * language's messages unless it needs only the core its shell brought (routes.ts `coreMessages`).
 */
function pageLoader(r: RouteEntry): [string, Remembered<PageModule>] {
  const all = r.shell !== 'public' && !r.coreMessages;
  if (!loaderIds.has(r.page)) loaderIds.set(r.page, loaderIds.size);
  const key = `${loaderIds.get(r.page)}${all ? '+all' : ''}`;
  let loader = pageLoaders.get(key);
  if (!loader) {
    loader = remembered(all ? withMessages('all', r.page) : r.page);
    pageLoaders.set(key, loader);
  }
  return [key, loader];
}

/** One React.lazy component per page loader: it renders at once when a full load has preloaded it. */
function pageOf(r: RouteEntry) {
  const [key, loader] = pageLoader(r);
  let Page = lazyPages.get(key);
  if (!Page) {
    Page = lazyRemembered(loader);
    lazyPages.set(key, Page);
  }
  return Page;
}

// Shells are lazy too: the first screen (sign-in) loads neither the admin menu nor the header dialogs.
// They bring the core of the language's messages (the public screens need only theirs: src/i18n/publicKeys.ts).
const portalShell = remembered(withMessages('core', () => import('./PortalShell')));
const adminShell = remembered(withMessages('core', () => import('./AdminShell')));
const PortalShell = lazyRemembered(portalShell);
const AdminShell = lazyRemembered(adminShell);
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));
// antd's ConfigProvider (theme, locale) around every screen but the plain sign-in ones; it brings antd's and dayjs' locale.
const antdRoot = remembered(withAntdLocale(() => import('./AntdRoot')));
const AntdLayout = lazyRemembered(antdRoot);

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
 * docs/performance.md 'Full loads in Chromium'), and starts the page's first call (routes.ts `prefetch`) beside them.
 * The app's first render waits for the modules and that call (main.tsx, up to a second), so antd's root, the shell
 * and the page render in one pass without suspending, with the page's data: the page finds its first call answered in
 * the query cache (or under way, past the second). Without a session the guard sends the address to the sign-in, so
 * nothing is asked for. Resolves when the modules and the call are in (never rejects: a module that failed is asked
 * again by its lazy component, whose error boundary shows the failure; a failed call by the page).
 */
export function preloadAddress(pathname: string, search: string, session: SessionUser | null): Promise<void> {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  const r = routes.find((x) => x.path.toLowerCase() === path);
  if (!session || !r || r.plain || r.shell === 'public') return Promise.resolve();
  const quiet = () => undefined;
  // only what the page will show: not a refused address, nor behind the forced change of password
  const allowed = guard(pathname, new URLSearchParams(search), session, null).kind === 'allow' && session.updatePwd !== 1;
  const data = allowed ? r.prefetch?.(search).catch(quiet) : undefined;
  const modules = [antdRoot.load(), (r.shell === 'portal' ? portalShell : adminShell).load(), pageLoader(r)[1].load()];
  return Promise.all([...modules, data]).then(quiet, quiet);
}

/** The modules and first call of the address the app was opened at (preloadAddress): main.tsx renders once they are in. */
export const addressReady: Promise<void> =
  typeof window !== 'undefined' ? preloadAddress(window.location.pathname, window.location.search, getSession()) : Promise.resolve();

/** The routed screens (inside the BrowserRouter of App.tsx). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
