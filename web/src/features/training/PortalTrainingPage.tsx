import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { t, useI18n } from '../../i18n';
import { MyCertificates, MyEvaluations } from './MyEvalCert';
import { MyClasses, MySchedule } from './MyTraining';
import { HonourBookView, MySurveys } from './MySurveys';

const TABS = ['classes', 'schedule', 'evaluations', 'surveys', 'certificates', 'honours'] as const;
type Tab = (typeof TABS)[number];

/** /gatewayTraining in the portal: my classes and those open to me, my schedule as a week, the sessions and classes to
 * evaluate, my questionnaires, my certificates and the honorary catalogue. */
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
          { key: 'evaluations', label: <span data-testid="portal-training-evaluations">{t('training.my.evaluations')}</span>, children: <MyEvaluations where="portal" /> },
          { key: 'surveys', label: <span data-testid="portal-training-surveys">{t('training.my.surveys')}</span>, children: <MySurveys where="portal" /> },
          { key: 'certificates', label: <span data-testid="portal-training-certificates">{t('training.my.certificates')}</span>, children: <MyCertificates where="portal" /> },
          { key: 'honours', label: <span data-testid="portal-training-honours">{t('training.my.honours')}</span>, children: <HonourBookView /> },
        ]}
      />
    </div>
  );
}
