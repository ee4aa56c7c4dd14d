import { lazy, Suspense } from 'react';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import CoursePanel from './CoursePanel';

// the other tabs (their pickers and forms) load when first opened, not with the courses a full load shows
const PushPanel = lazy(() => import('./PushPanel'));
const SpecialPanel = lazy(() => import('./SpecialPanel'));
const TypePanel = lazy(() => import('./TypePanel'));

const TABS = ['courses', 'topics', 'types', 'push'] as const;
type TabKey = (typeof TABS)[number];

/**
 * /course_manager (课程管理, function code `course_manager`): courses (audit, publish), topics and course types
 * (docs/content.md). What is published and approved is offered to the resource selector. The open tab is in the URL.
 */
export default function CourseManagerPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(asked ?? '') ? (asked as TabKey) : 'courses';
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => setSearch(key === 'courses' ? {} : { tab: key }, { replace: true })}
      items={[
        { key: 'courses', label: <span data-testid="content-tab-courses">{t('content.tab.courses')}</span>, children: <CoursePanel /> },
        { key: 'topics', label: <span data-testid="content-tab-topics">{t('content.tab.topics')}</span>, children: <Suspense fallback={null}><SpecialPanel /></Suspense> },
        { key: 'types', label: <span data-testid="content-tab-types">{t('content.tab.types')}</span>, children: <Suspense fallback={null}><TypePanel /></Suspense> },
        { key: 'push', label: <span data-testid="content-tab-push">{t('content.tab.push')}</span>, children: <Suspense fallback={null}><PushPanel /></Suspense> },
      ]}
    />
  );
}
