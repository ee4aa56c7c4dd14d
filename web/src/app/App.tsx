import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { configureClient } from '../api/client';
import { useI18n, withAntdLocale } from '../i18n';
import { useEver } from '../lib/useEver';
import { AppRoutes } from './router';
import type { Toast } from './Toaster';

const ConfirmPrompt = lazy(withAntdLocale(() => import('../components/ConfirmPrompt')));
const Toaster = lazy(withAntdLocale(() => import('./Toaster')));

interface Pending {
  text: string;
  resolve: () => void;
}

/** Wires the API client's side effects: antd message toasts (each loaded with antd's configuration when first needed), a confirm prompt and router navigation. */
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
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    // No antd ConfigProvider here: it wraps the antd screens only (AntdRoot.tsx), the sign-in screen goes without antd.
    <BrowserRouter>
      <ClientEffects />
      <AppRoutes />
    </BrowserRouter>
  );
}
