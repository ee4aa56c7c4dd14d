import { Button, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useSession } from '../../lib/session';
import styles from '../portal/portal.module.css';
import PortalDemands from './PortalDemands';

/**
 * /gatewayDemand, the portal header's 需求征集: the collections asking the caller (submit and change until the
 * deadline), the closed ones they submitted to, where the answers arrive, and, for whoever holds the screen, the way
 * to the administration of demand collection.
 */
export default function GatewayDemandPage() {
  const { t } = useI18n();
  const manage = useSession()?.menuCodes?.includes('demandcollection');
  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <div>
          <Typography.Title level={3} className={styles.pageTitle}>
            {t('nav.gatewayDemand')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('demand.portal.lead')}</Typography.Text>
        </div>
        <Space wrap>
          <Link to="/gatewayMsg?kind=demand" data-testid="demand-answers">
            {t('demand.portal.answers')}
          </Link>
          {manage && (
            <Link to="/demandcollection" data-testid="demand-manage">
              <Button>{t('demand.portal.manage')}</Button>
            </Link>
          )}
        </Space>
      </div>
      <div>
        <PortalDemands page />
      </div>
    </div>
  );
}
