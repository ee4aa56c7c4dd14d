import { useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { Outlet } from 'react-router-dom';
import { antdLocale, useI18n } from '../i18n';
import { useReducedMotion } from '../lib/useReducedMotion';
import { theme } from './theme';

/**
 * antd's configuration: our theme and the active language's antd locale. It wraps the screens built with antd (the
 * layout route below) and the few antd pieces mounted outside them (toasts, the confirm prompt, 'forgot password').
 * The sign-in screens are plain HTML and render outside it, so the first screen downloads no antd code at all.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  // re-renders with the language: antd's own texts (pagination, pickers, empty states) follow it
  useI18n();
  const reducedMotion = useReducedMotion();
  // prefers-reduced-motion: antd's motion off (dialogs, drawers, dropdowns and messages appear and leave at once)
  const appTheme = useMemo(() => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reducedMotion]);
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
