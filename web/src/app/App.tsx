import { lazy, Suspense, useEffect, useState } from 'react';
import { ConfigProvider, message } from 'antd';
import { RouterProvider } from 'react-router-dom';
import { configureClient } from '../api/client';
import { antdLocale, useI18n } from '../i18n';
import { router } from './router';
import { theme } from './theme';

const ConfirmPrompt = lazy(() => import('../components/ConfirmPrompt'));

interface Pending {
  text: string;
  resolve: () => void;
}

/** Wires the API client's side effects: antd message toasts, a confirm prompt and router navigation. */
function ClientEffects() {
  const [messageApi, holder] = message.useMessage({ maxCount: 3 });
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(
    () =>
      configureClient({
        toast: (kind, text, seconds) => void messageApi.open({ type: kind, content: text, duration: seconds }),
        confirm: (text) => new Promise<void>((resolve) => setPending({ text, resolve })),
        navigate: (path) => void router.navigate(path),
      }),
    [messageApi],
  );
  return (
    <>
      {holder}
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
    <ConfigProvider locale={antdLocale()} theme={theme} button={{ autoInsertSpace: false }}>
      <ClientEffects />
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
