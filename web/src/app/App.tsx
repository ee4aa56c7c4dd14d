import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { ConfigProvider } from 'antd';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { configureClient } from '../api/client';
import { antdLocale, useI18n } from '../i18n';
import { useEver } from '../lib/useEver';
import { useReducedMotion } from '../lib/useReducedMotion';
import { AppRoutes } from './router';
import { theme } from './theme';
import type { Toast } from './Toaster';

const ConfirmPrompt = lazy(() => import('../components/ConfirmPrompt'));
const Toaster = lazy(() => import('./Toaster'));

interface Pending {
  text: string;
  resolve: () => void;
}

/** Wires the API client's side effects: antd message toasts, a confirm prompt and router navigation. */
function ClientEffects() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const toasterUsed = useEver(toasts.length > 0);
  const [pending, setPending] = useState<Pending | null>(null);
  const navigate = useNavigate();
  useEffect(
    () =>
      configureClient({
        toast: (kind, text, seconds) => setToasts((q) => [...q, { kind, text, seconds }]),
        confirm: (text) => new Promise<void>((resolve) => setPending({ text, resolve })),
        navigate: (path) => void navigate(path),
      }),
    [navigate],
  );
  const shown = useCallback((n: number) => setToasts((q) => q.slice(n)), []);
  return (
    <>
      {toasterUsed && (
        <Suspense fallback={null}>
          <Toaster queue={toasts} onShown={shown} />
        </Suspense>
      )}
      {pending && (
        <Suspense fallback={null}>
          <ConfirmPrompt
            text={pending.text}
            onClose={() => {
              setPending(null);
              pending.resolve();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export default function App() {
  const { lang } = useI18n();
  const reducedMotion = useReducedMotion();
  // prefers-reduced-motion: antd's motion off (dialogs, drawers, dropdowns and messages appear and leave at once)
  const appTheme = useMemo(() => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reducedMotion]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <ConfigProvider locale={antdLocale()} theme={appTheme} button={{ autoInsertSpace: false }}>
      <BrowserRouter>
        <ClientEffects />
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
