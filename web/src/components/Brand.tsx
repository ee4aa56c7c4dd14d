import { Link } from 'react-router-dom';
import { useI18n } from '../i18n';

/** Product mark + name, linking to the portal home. */
export default function Brand({ to = '/gateway', compact = false }: { to?: string; compact?: boolean }) {
  const { t } = useI18n();
  return (
    <Link to={to} className="bd-brand" aria-label={t('app.name')}>
      <img src="/favicon.svg" alt="" />
      {!compact && <span>{t('app.name')}</span>}
    </Link>
  );
}
