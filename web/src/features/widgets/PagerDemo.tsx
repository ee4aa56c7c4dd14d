import { List, Space } from 'antd';
import { useI18n } from '../../i18n';
import KeywordSearch from '../../components/routeQuery/KeywordSearch';
import RoutePager from '../../components/routeQuery/RoutePager';
import { useRouteKeywords, useRoutePage } from '../../components/routeQuery/routeQuery';
import { PAGER_ITEMS } from './demoData';
import ValueLine from './ValueLine';

/** The keyword box and the standalone pager, both kept in the route query (keywords, page, pagesize). */
export default function PagerDemo() {
  const { t } = useI18n();
  const [keywords] = useRouteKeywords();
  const { page, pageSize } = useRoutePage();
  const matched = PAGER_ITEMS.filter((i) => !keywords || i.name.toLowerCase().includes(keywords.toLowerCase()));
  const rows = matched.slice((page - 1) * pageSize, page * pageSize);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <KeywordSearch />
      <List
        size="small"
        bordered
        data-testid="pager-rows"
        dataSource={rows.slice(0, 5)}
        renderItem={(i) => <List.Item>{i.name}</List.Item>}
        footer={rows.length > 5 ? t('widgets.pagerMore', { n: rows.length - 5 }) : undefined}
      />
      <RoutePager total={matched.length} />
      <ValueLine value={{ keywords, page, pagesize: pageSize }} testId="pager-value" />
    </Space>
  );
}
