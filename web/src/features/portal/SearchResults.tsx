import { Button, Empty, Result, Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import RoutePager from '../../components/routeQuery/RoutePager';
import { useI18n } from '../../i18n';
import { HitList, HitSkeletons } from './HitCard';
import type { SearchAnswer } from './usePortalSearch';
import styles from './portal.module.css';

/**
 * The result area of a search (the search page, a detail tab): skeletons on the first load, the hits as cards (a
 * spinner over them while the next page comes), an error with retry, an empty state, and the route-query pager.
 */
export default function SearchResults({ answer, onClear, filtered }: { answer: SearchAnswer; onClear?(): void; filtered: boolean }) {
  const { t } = useI18n();
  const { data, loading, error, retry } = answer;
  if (error && !loading) {
    return (
      <div className={styles.stateBox} data-testid="search-error" role="alert">
        <Result
          status="warning"
          title={t('portal.searchFailed')}
          subTitle={error}
          extra={
            <Button type="primary" icon={<ReloadOutlined />} onClick={retry} data-testid="search-retry">
              {t('portal.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!data) return <HitSkeletons />;
  if (!data.records?.length) {
    return (
      <div className={styles.stateBox} data-testid="search-empty">
        <Spin spinning={loading}>
          <Empty description={filtered ? t('portal.noHitsFiltered') : t('portal.noHits')}>
            {filtered && onClear && (
              <Button onClick={onClear} data-testid="search-empty-clear">
                {t('portal.clearFilters')}
              </Button>
            )}
          </Empty>
        </Spin>
      </div>
    );
  }
  return (
    <>
      <Spin spinning={loading} delay={150}>
        <div aria-busy={loading} aria-live="polite">
          <HitList hits={data.records} />
        </div>
      </Spin>
      <div className={styles.pager}>
        <RoutePager total={data.total} testId="search-pager" />
      </div>
    </>
  );
}
