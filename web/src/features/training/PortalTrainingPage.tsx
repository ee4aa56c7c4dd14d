import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { t, useI18n } from '../../i18n';
import { MyClasses, MySchedule } from './MyTraining';

/** /gatewayTraining in the portal: my classes and those open to me, and my schedule as a week. */
export default function PortalTrainingPage() {
  useI18n();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'schedule' ? 'schedule' : 'classes';
  return (
    <div data-testid="portal-training" style={{ background: 'var(--bd-color-bg-container)', borderRadius: 8, padding: '8px 20px 20px' }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setSearch(k === 'schedule' ? { tab: k } : {})}
        items={[
          { key: 'classes', label: <span data-testid="portal-training-classes">{t('training.my.classes')}</span>, children: <MyClasses where="portal" /> },
          { key: 'schedule', label: <span data-testid="portal-training-schedule">{t('training.my.schedule')}</span>, children: <MySchedule where="portal" /> },
        ]}
      />
    </div>
  );
}
