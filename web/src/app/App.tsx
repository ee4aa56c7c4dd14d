import { useEffect } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { RouterProvider } from 'react-router-dom';
import { configureClient } from '../api/client';
import { useI18n } from '../i18n';
import { router } from './router';
import { theme } from './theme';

/** Wires the API client's side effects to antd's message / modal and to the router. */
function ClientEffects() {
  const { message, modal } = AntApp.useApp();
  const { t } = useI18n();
  useEffect(
    () =>
      configureClient({
        toast: (kind, text, seconds) => void message.open({ type: kind, content: text, duration: seconds }),
        confirm: (text) =>
          new Promise<void>((resolve) => {
            modal.confirm({ title: text, okText: t('common.ok'), cancelText: t('common.cancel'), onOk: resolve, onCancel: resolve });
          }),
        navigate: (path) => void router.navigate(path),
      }),
    [message, modal, t],
  );
  return null;
}

export default function App() {
  const { lang } = useI18n();
  useEffect(() => {
    dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={theme}>
      <AntApp style={{ height: '100%' }}>
        <ClientEffects />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
