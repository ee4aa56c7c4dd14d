import { useI18n } from '../i18n';

/**
 * Loading state of a lazily loaded page or a pending action. The look of antd's large `Spin` with a description
 * (index.css, .bd-spin), in plain markup: it is the fallback while the first screen's code loads, before any antd.
 */
export default function PageLoading({ tip }: { tip?: string }) {
  const { t } = useI18n();
  return (
    <div className="bd-page-loading" role="status" aria-live="polite">
      <div className="bd-spin" aria-busy="true">
        <div className="bd-spin-section">
          <span className="bd-spin-dot" aria-hidden="true">
            <i />
            <i />
            <i />
            <i />
          </span>
          <div className="bd-spin-description">{tip ?? t('common.loading')}</div>
        </div>
        <div style={{ width: 160, height: 40 }} />
      </div>
    </div>
  );
}
