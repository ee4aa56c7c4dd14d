import { Result } from 'antd';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n';

/** /sso: single sign-on is not configured yet. */
export default function SsoPage() {
  const { t } = useI18n();
  return (
    <div className="bd-center">
      <Result
        status="info"
        title={t('sso.title')}
        subTitle={t('sso.notConfigured')}
        extra={<Link to="/login">{t('sso.toLogin')}</Link>}
      />
    </div>
  );
}
