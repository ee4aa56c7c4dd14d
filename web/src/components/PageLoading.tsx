import { Spin } from 'antd';
import { useI18n } from '../i18n';

/** Loading state of a lazily loaded page or a pending action. */
export default function PageLoading({ tip }: { tip?: string }) {
  const { t } = useI18n();
  return (
    <div className="bd-page-loading" role="status" aria-live="polite">
      <Spin size="large" description={tip ?? t('common.loading')}>
        <div style={{ width: 160, height: 40 }} />
      </Spin>
    </div>
  );
}
