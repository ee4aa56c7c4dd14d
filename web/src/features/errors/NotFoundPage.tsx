import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';

export default function NotFoundPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <div className="bd-center">
      <Result
        status="404"
        title={t('error.notFoundTitle')}
        subTitle={t('error.notFound')}
        extra={<Button type="primary" onClick={() => navigate('/')}>{t('error.backHome')}</Button>}
      />
    </div>
  );
}
