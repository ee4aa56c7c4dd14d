import { Button, Card, Col, Empty, Input, Row, Typography } from 'antd';
import { AppstoreOutlined, BellOutlined, BookOutlined, DownloadOutlined, NotificationOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { adminEntry, DETAIL_TABS } from '../../app/routes';
import { useI18n } from '../../i18n';
import { useSession } from '../../lib/session';
import styles from './gateway.module.css';

/** Portal home: welcome, search, entry to the admin area (only with admin menus), and planned sections. */
export default function GatewayPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const session = useSession();
  const adminHome = adminEntry(session?.menuCodes);

  const planned = [
    { key: 'messages', icon: <BellOutlined />, title: t('portal.messages'), to: '/gatewayMsg' },
    { key: 'announcements', icon: <NotificationOutlined />, title: t('portal.announcements') },
    { key: 'recent', icon: <DownloadOutlined />, title: t('portal.recent') },
  ];

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div>
          <Typography.Title level={2} className={styles.heroTitle} data-testid="gateway-welcome">
            {t('portal.welcome', { name: session?.UserName ?? '' })}
          </Typography.Title>
          <Typography.Paragraph className={styles.heroText}>{t('portal.intro')}</Typography.Paragraph>
          <Input.Search
            className={styles.search}
            size="large"
            placeholder={t('portal.searchPlaceholder')}
            enterButton={t('portal.search')}
            aria-label={t('portal.search')}
            onSearch={(keywords) =>
              navigate(keywords.trim() ? `/gatewaySearch?keywords=${encodeURIComponent(keywords.trim())}` : '/gatewaySearch')
            }
          />
        </div>
        {adminHome && (
          <Button size="large" icon={<AppstoreOutlined />} onClick={() => navigate(adminHome)} data-testid="gateway-enter-admin">
            {t('portal.enterAdmin')}
          </Button>
        )}
      </section>

      <Card
        title={<><BookOutlined /> {t('portal.library')}</>}
        variant="borderless"
        className={styles.card}
      >
        <Typography.Paragraph type="secondary">{t('portal.libraryText')}</Typography.Paragraph>
        <Row gutter={[12, 12]}>
          {DETAIL_TABS.map((tab) => (
            <Col key={tab} xs={12} sm={8} md={6}>
              <Button block onClick={() => navigate(`/gatewayDetail/${tab}`)}>
                {t(`nav.gatewayDetail.${tab}`)}
              </Button>
            </Col>
          ))}
        </Row>
      </Card>

      <Row gutter={[16, 16]}>
        {planned.map((s) => (
          <Col key={s.key} xs={24} md={8}>
            <Card
              title={<>{s.icon} {s.title}</>}
              variant="borderless"
              className={styles.card}
              extra={s.to ? <Button type="link" onClick={() => navigate(s.to)}>{t('portal.open')}</Button> : undefined}
            >
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.sectionSoon')} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
