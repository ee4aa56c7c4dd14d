import { Tabs, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { DETAIL_TABS, type DetailTab } from '../../app/routes';
import ComingSoon from '../../components/ComingSoon';
import { useI18n } from '../../i18n';

/** /gatewayDetail and its tabs /gatewayDetail/<tab>; the tab follows the URL. */
export default function GatewayDetailPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = (DETAIL_TABS.find((tab) => pathname.toLowerCase().endsWith(`/${tab.toLowerCase()}`)) ?? DETAIL_TABS[0]) as DetailTab;
  return (
    <>
      <Typography.Title level={3}>{t('portal.detailTitle')}</Typography.Title>
      <Tabs
        activeKey={current}
        onChange={(key) => navigate(`/gatewayDetail/${key}`)}
        items={DETAIL_TABS.map((tab) => ({
          key: tab,
          label: t(`nav.gatewayDetail.${tab}`),
          children: <ComingSoon name={t(`nav.gatewayDetail.${tab}`)} />,
        }))}
      />
    </>
  );
}
