import { useMemo, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { Outlet } from 'react-router-dom';
import { antdLocale, useI18n } from '../i18n';
import { useScheme } from '../lib/themeMode';
import { useReducedMotion } from '../lib/useReducedMotion';
import { themeFor } from './theme';
import './antd.css';

/**
 * antd's configuration: our theme in the scheme in force (light or dark, lib/themeMode.ts; antd's dark algorithm is in
 * the antd-core chunk already) and the active language's antd locale. It wraps the screens built with antd (the layout
 * route below) and the few antd pieces mounted outside them (toasts, the confirm prompt, 'forgot password'). The
 * sign-in screens are plain HTML and render outside it, so the first screen downloads no antd code at all; they take
 * the same colours from app/theme.css.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  // re-renders with the language: antd's own texts (pagination, pickers, empty states) follow it
  useI18n();
  const reducedMotion = useReducedMotion();
  const scheme = useScheme();
  // prefers-reduced-motion: antd's motion off (dialogs, drawers, dropdowns and messages appear and leave at once).
  // Zero-runtime: the components' styles are antd's built stylesheet (./antd.css), not computed in the browser on every
  // full load (about 180 ms of an admin list's, issue 28); the theme's tokens stay CSS variables set here, unhashed as
  // the stylesheet's class names are.
  const appTheme = useMemo(
    () => ({
      ...themeFor(scheme, scheme === 'dark' ? antdTheme.darkAlgorithm : undefined, !reducedMotion),
      zeroRuntime: true,
      hashed: false,
    }),
    [scheme, reducedMotion],
  );
  return (
    <ConfigProvider locale={antdLocale()} theme={appTheme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}

/** The layout route of every screen but the sign-in ones (router.tsx): loaded with the first of them. */
export default function AntdLayout() {
  return (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
  );
}
