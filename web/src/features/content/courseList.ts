/**
 * /course_manager's course list as the query cache holds it: its key and its filters' parameters. The courses tab
 * (CoursePanel.tsx) and the prefetch of a full load (routes.ts `prefetch`) share them, so that the tab finds the first
 * page, the audit states and the type tree the prefetch asked for; this module stays light (no screen code).
 */
import { auditStates, courseTypeTree, listCourses } from '../../api/content';
import { courseKeys, courseTypeKeys } from '../../api/hooks/content';
import { prefetchForPage } from '../../api/hooks/keys';
import { queryClient } from '../../api/queries';
import { prefetchList } from '../../components/list/useList';
import type { FieldParams } from '../../components/list/query';

export const courseListKey = courseKeys.list();

/** The filters' parameters; the tab gives each its label and input. */
export const courseFilters = {
  name: { names: ['name'] },
  lecturer: { names: ['lecturer'] },
  audit: { names: ['auditStatus'] },
  published: { names: ['published'] },
} satisfies Record<string, FieldParams>;

/** A full load of the courses tab (the default one): its first page, the audit states and the type tree, quietly. */
export async function prefetchCourses(search: string): Promise<void> {
  const tab = new URLSearchParams(search).get('tab');
  if (tab && tab !== 'courses') return;
  // the list keeps its state out of the address (inUrl: false): the first page with no filter
  await Promise.all([
    prefetchList(queryClient, courseListKey, Object.values(courseFilters), (p) => listCourses(p, { silent: true }), ''),
    prefetchForPage(queryClient, courseKeys.of('auditStates'), () => auditStates({ silent: true })),
    prefetchForPage(queryClient, courseTypeKeys.of('tree'), () => courseTypeTree({ silent: true })),
  ]);
}
