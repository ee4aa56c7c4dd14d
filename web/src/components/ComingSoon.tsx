import { Card, Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n';

/** Plain statement that a screen is planned (used by pages whose feature is not built yet). */
export default function ComingSoon({ name }: { name: string }) {
  const { t } = useI18n();
  return (
    <Card variant="borderless">
      <Result
        icon={<ClockCircleOutlined style={{ color: 'var(--bd-color-primary-border-hover)' }} />}
        title={t('comingSoon.title')}
        subTitle={t('comingSoon.text', { name })}
        data-testid="coming-soon"
      />
    </Card>
  );
}
