import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { t, useI18n } from '../../i18n';
import { MyClasses, MySchedule } from './MyTraining';
import { HonourBookView, MySurveys } from './MySurveys';

const TABS = ['classes', 'schedule', 'surveys', 'honours'] as const;
type Tab = (typeof TABS)[number];

/** /gatewayTraining in the portal: my classes and those open to me, my schedule as a week, my questionnaires and the
 * honorary catalogue. */
export default function PortalTrainingPage() {
  useI18n();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'classes';
  return (
    <div data-testid="portal-training" style={{ background: 'var(--bd-color-bg-container)', borderRadius: 8, padding: '8px 20px 20px' }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setSearch(k === 'classes' ? {} : { tab: k })}
        items={[
          { key: 'classes', label: <span data-testid="portal-training-classes">{t('training.my.classes')}</span>, children: <MyClasses where="portal" /> },
          { key: 'schedule', label: <span data-testid="portal-training-schedule">{t('training.my.schedule')}</span>, children: <MySchedule where="portal" /> },
          { key: 'surveys', label: <span data-testid="portal-training-surveys">{t('training.my.surveys')}</span>, children: <MySurveys where="portal" /> },
          { key: 'honours', label: <span data-testid="portal-training-honours">{t('training.my.honours')}</span>, children: <HonourBookView /> },
        ]}
      />
    </div>
  );
}
