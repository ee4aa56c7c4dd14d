/** Courses, topics and pushes (api/content.ts): the resource selector's cards and the portal's learning page. */
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  auditCourses, auditStates, courseTypeTree, coursewareState, deleteCourseware, getCurriculumSelector, getFirstLesson, getLessonList,
  getSpecialList, getSpecialSelector, listCourseware, myPushes, portalCatalog, portalCourse, portalSpecial, publishCourses, pushOne, specialOne, type Courseware,
} from '../content';
import { refetchUnlessPrefetched, resourceKeys } from './keys';
import { useWrite } from './useWrite';

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

/* ---------- the course manager (courses, types, topics, pushes, courseware) ---------- */

export const courseTypeKeys = resourceKeys('courseTypes');
/** a course's courseware: list(courseId), one(id) for a conversion's state */
export const coursewareKeys = resourceKeys('courseware');

/** The audit states (dictionary course_audit), asked once per page load. */
export const useAuditStates = () => useQuery({ queryKey: courseKeys.of('auditStates'), queryFn: () => auditStates(), staleTime: Infinity });
/** The two-level course type tree (types' writes touch courseTypeKeys.all). */
// refetchOnMount: a full load of /course_manager has just prefetched it (features/content/courseList.ts)
export const useCourseTypeTree = () =>
  useQuery({ queryKey: courseTypeKeys.of('tree'), queryFn: () => courseTypeTree(), refetchOnMount: refetchUnlessPrefetched });
/** Every course as an option, the unpublished included (course managers). */
export const useCourseOptions = () => useQuery({ queryKey: courseKeys.of('options', 'all'), queryFn: () => getCurriculumSelector('', true) });
/** Topics of a level as options. */
export const useTopicOptions = (level: number) => useQuery({ queryKey: topicKeys.of('options', level), queryFn: () => getSpecialSelector('', level) });
/** One topic with its course ids (the list row has none). */
export const useTopic = (id: number | undefined) => useQuery({ queryKey: topicKeys.one(id), queryFn: () => specialOne(id!), enabled: !!id });
/** One push with its items and audience. */
export const usePush = (id: number | undefined) => useQuery({ queryKey: pushKeys.one(id), queryFn: () => pushOne(id!), enabled: !!id });

/** Publishing and auditing change the courses (their lists, the learners' catalogue). */
export const usePublishCourses = () => useWrite((v: { ids: number[]; on: 0 | 1 }) => publishCourses(v.ids, v.on), [courseKeys.all]);
export const useAuditCourses = () =>
  useWrite((v: { ids: number[]; status: string; remark: string }) => auditCourses(v.ids, v.status, v.remark), [courseKeys.all]);

/** A course's courseware. */
export const useCourseware = (courseId: number) =>
  useQuery({ queryKey: coursewareKeys.list(courseId), queryFn: () => listCourseware(courseId), enabled: !!courseId });
/**
 * The states of the courseware the list shows converting, asked every `every` ms until each is ready or failed (quiet
 * calls: a failed ask keeps the state shown and asks again).
 */
export const useConversions = (ids: readonly number[], every: number) =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: coursewareKeys.one(id),
      queryFn: () => coursewareState(id),
      refetchInterval: (q: { state: { data?: Courseware } }) => (q.state.data && q.state.data.state !== 'converting' ? false : every),
    })),
  });
export const useDeleteCourseware = () => useWrite((id: number) => deleteCourseware(id), [coursewareKeys.all]);
