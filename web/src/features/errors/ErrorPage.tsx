import { useEffect } from 'react';
import { useI18n } from '../../i18n';

/**
 * The error boundary's page (router.tsx): a page crashed or its chunk failed to load (e.g. after a deploy). Deliberately
 * plain markup (no antd Result) so it stays in the small first chunk and works when chunks cannot load.
 */
export default function ErrorPage({ error }: { error: unknown }) {
  const { t } = useI18n();
  useEffect(() => console.error(error), [error]);
  return (
    <div className="bd-center" role="alert">
      <div style={{ textAlign: 'center', maxWidth: 420 }}>
        <h2 style={{ fontWeight: 600 }}>{t('error.crashTitle')}</h2>
        <p style={{ color: 'var(--bd-color-text-secondary)' }}>{t('error.crash')}</p>
        <a href="/">{t('error.backHome')}</a>
      </div>
    </div>
  );
}
