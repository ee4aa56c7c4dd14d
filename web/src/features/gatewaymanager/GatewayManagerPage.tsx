import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import BannerPanel from './BannerPanel';
import LinkPanel from './LinkPanel';
import SectionPanel from './SectionPanel';

const TABS = ['banners', 'links', 'sections'] as const;
type TabKey = (typeof TABS)[number];

/**
 * /gatewaymanager (门户管理, function code `gatewaymanager`): what the portal's home page shows — its banners, its
 * quick links, and the order and visibility of its sections (docs/portal.md). The open tab is in the URL (?tab=).
 */
export default function GatewayManagerPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(asked ?? '') ? (asked as TabKey) : 'banners';
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => setSearch(key === 'banners' ? {} : { tab: key }, { replace: true })}
      items={[
        { key: 'banners', label: <span data-testid="gm-tab-banners">{t('gm.tab.banners')}</span>, children: <BannerPanel /> },
        { key: 'links', label: <span data-testid="gm-tab-links">{t('gm.tab.links')}</span>, children: <LinkPanel /> },
        { key: 'sections', label: <span data-testid="gm-tab-sections">{t('gm.tab.sections')}</span>, children: <SectionPanel /> },
      ]}
    />
  );
}
