import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';

/** 403: the admin route's menu code is not in the session. */
export default function ForbiddenPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('error.forbiddenTitle')}
      subTitle={t('error.forbidden')}
      extra={<Button type="primary" onClick={() => navigate('/gateway')}>{t('error.backHome')}</Button>}
      data-testid="forbidden"
    />
  );
}
