import { useLocation } from 'react-router-dom';
import { findRoute } from '../../app/routes';
import ComingSoon from '../../components/ComingSoon';
import { useI18n } from '../../i18n';

/** Placeholder for admin routes whose feature is not built yet. */
export default function ComingSoonPage() {
  const { t } = useI18n();
  const route = findRoute(useLocation().pathname);
  return <ComingSoon name={route ? t(route.titleKey) : ''} />;
}
