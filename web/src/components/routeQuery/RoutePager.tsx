import { Pagination } from 'antd';
import { useI18n } from '../../i18n';
import { ROUTE_PAGE_SIZES, useRoutePage } from './routeQuery';

/** The standalone pager of spec section 2, bound to the route query (page, pagesize): 20/40/60/80 a page. */
export default function RoutePager({ total, testId = 'route-pager' }: { total: number; testId?: string }) {
  const { t } = useI18n();
  const { page, pageSize, setPage } = useRoutePage();
  return (
    <Pagination
      data-testid={testId}
      current={page}
      pageSize={pageSize}
      total={total}
      pageSizeOptions={ROUTE_PAGE_SIZES.map(String)}
      showSizeChanger
      showTotal={(n) => t('list.total', { total: n })}
      onChange={(p, size) => setPage(p, size)}
    />
  );
}
