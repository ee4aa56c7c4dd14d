import { Typography } from 'antd';
import { useLocation } from 'react-router-dom';
import { findRoute } from '../../app/routes';
import ComingSoon from '../../components/ComingSoon';
import { useI18n } from '../../i18n';

/** Portal screens that later issues fill (/gatewaySearch, /gatewayMsg). */
export default function PortalPlaceholderPage() {
  const { t } = useI18n();
  const route = findRoute(useLocation().pathname);
  const name = route ? t(route.titleKey) : '';
  return (
    <>
      <Typography.Title level={3}>{name}</Typography.Title>
      <ComingSoon name={name} />
    </>
  );
}
