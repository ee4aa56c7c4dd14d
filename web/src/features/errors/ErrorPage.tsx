import { Button, Result } from 'antd';
import { useRouteError } from 'react-router-dom';
import { useI18n } from '../../i18n';

/** Router error boundary: a page crashed or its chunk failed to load (e.g. after a deploy). */
export default function ErrorPage() {
  const { t } = useI18n();
  console.error(useRouteError());
  return (
    <div className="bd-center">
      <Result
        status="error"
        title={t('error.crashTitle')}
        subTitle={t('error.crash')}
        extra={<Button type="primary" onClick={() => window.location.assign('/')}>{t('error.backHome')}</Button>}
      />
    </div>
  );
}
