/** Courses, topics and pushes (api/content.ts): the resource selector's cards and the portal's learning page. */
import { useQuery } from '@tanstack/react-query';
import { getFirstLesson, getLessonList, getSpecialList, myPushes, portalCatalog, portalCourse, portalSpecial } from '../content';
import { resourceKeys } from './keys';

export const courseKeys = resourceKeys('courses');
export const topicKeys = resourceKeys('topics');
export const pushKeys = resourceKeys('pushes');

export interface CardQuery {
  tab: 'course' | 'topic';
  name: string;
  /** topics: the level (1, 2) */
  level?: number;
  /** topics: the courses of this one instead */
  specialId?: number;
  pageSize: number;
  pageIndex: number;
}

/**
 * A page of the resource selector's cards (courses, topics, or a topic's courses); the page shown stays while the
 * next page of the same cards loads (not when the tab changes or a topic is opened).
 */
export const useSelectorCards = (q: CardQuery, enabled: boolean) =>
  useQuery({
    queryKey: (q.tab === 'course' ? courseKeys : topicKeys).of('cards', q),
    placeholderData: (prev, before) => {
      const was = before?.queryKey[2] as CardQuery | undefined;
      return was && was.tab === q.tab && was.specialId === q.specialId ? prev : undefined;
    },
    queryFn: () =>
      q.tab === 'course'
        ? getLessonList({ name: q.name, pageSize: q.pageSize, pageIndex: q.pageIndex }).then((d) => ({ list: d.records, total: d.total }))
        : q.specialId
          ? getFirstLesson({ specialId: q.specialId, pageSize: q.pageSize, pageIndex: q.pageIndex }).then((d) => ({ list: d.data, total: d.total }))
          : getSpecialList({ name: q.name, type: q.level, pageSize: q.pageSize, pageIndex: q.pageIndex }).then((d) => ({ list: d.records, total: d.total })),
    enabled,
  });

/** The portal's learning page: a course, a topic, or what is pushed to the user with the offered catalogue. */
export const usePortalCourse = (id: number) => useQuery({ queryKey: courseKeys.of('portal', id), queryFn: () => portalCourse(id) });
export const usePortalSpecial = (id: number) => useQuery({ queryKey: topicKeys.of('portal', id), queryFn: () => portalSpecial(id) });
export const useMyCourses = () =>
  useQuery({
    queryKey: pushKeys.of('mine'),
    queryFn: () => Promise.all([myPushes(), portalCatalog()]).then(([pushed, catalog]) => ({ pushed, catalog })),
  });
