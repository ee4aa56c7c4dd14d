import { Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { menuLabel, menuLeaves } from '../../app/menu';
import { iconFor } from '../../components/icons';
import { useI18n } from '../../i18n';
import { useSession } from '../../lib/session';

/** /welcome: greeting, roles and shortcut cards to the admin screens the user may open. */
export default function WelcomePage() {
  const { t } = useI18n();
  const session = useSession();
  const held = new Set(session?.menuCodes ?? []);
  const shortcuts = menuLeaves(session?.sysMenus).filter(
    ({ route }) => route.shell === 'admin' && route.path !== '/welcome' && (!route.menuCode || held.has(route.menuCode)),
  );
  const roles = session?.roles ?? [];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="welcome-title">
          {t('admin.welcomeTitle', { name: session?.UserName ?? '' })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('admin.welcomeText')}</Typography.Paragraph>
        <Space wrap>
          <Typography.Text strong>{t('admin.roles')}:</Typography.Text>
          {roles.length ? roles.map((r) => <Tag color="blue" key={r}>{r}</Tag>) : <Typography.Text type="secondary">{t('admin.noRoles')}</Typography.Text>}
        </Space>
      </Card>
      <Card variant="borderless" title={t('admin.shortcuts')}>
        {shortcuts.length === 0 ? (
          <Empty description={t('admin.noShortcuts')} />
        ) : (
          <Row gutter={[12, 12]}>
            {shortcuts.map(({ node, route }) => (
              <Col key={route.path} xs={24} sm={12} md={8} xl={6}>
                <Link to={route.path}>
                  <Card hoverable size="small">
                    <Space>
                      {iconFor(node.icon) ?? iconFor('appstore')}
                      <span>{menuLabel(node)}</span>
                      <RightOutlined style={{ fontSize: 10, color: 'var(--bd-color-text-tertiary)' }} />
                    </Space>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </Space>
  );
}
