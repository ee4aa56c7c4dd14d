/**
 * Calls of the learning content (/course_manager, function code `course_manager`; docs/content.md): course types
 * (a two-level category), courses, topics, and the resource selector's calls (getLessonList, getSpecialList,
 * getFirstLesson, getCurriculumSelector, getSpecialSelector, addBannerLink), which portal management may use too.
 * Covers go up through the banner upload (api/upload.ts, target 'banner').
 */
import { callApi, defineApis } from './client';
import type { components } from './schema';
import type { Page } from '../components/list/query';

type Schemas = components['schemas'];
export type CourseType = Schemas['ContentType'];
export type CourseTypeNode = Schemas['ContentTypeNode'];
export type Course = Schemas['ContentCourse'];
export type Special = Schemas['ContentSpecial'];
/** A lesson or topic card of the selector: type 1 a course (or a second-level topic), 2 a first-level topic. */
export type LessonCard = Schemas['ContentCard'];
export type CardPage = Schemas['ContentCardPage'];
export type FirstLessonPage = Schemas['ContentFirstLessonPage'];
export type ContentOption = Schemas['ContentOption'];
export type AuditItem = Schemas['ContentDictItem'];
export type Courseware = Schemas['ContentCourseware'];

defineApis({
  courseTypeList: { method: 'GET', path: '/api/course/type/query/list' },
  courseTypeTree: { method: 'GET', path: '/api/course/type' },
  courseTypeAdd: { method: 'POST', path: '/api/course/type' },
  courseTypeEdit: { method: 'PUT', path: '/api/course/type' },
  courseTypeDel: { method: 'DELETE', path: '/api/course/type' },
  courseList: { method: 'GET', path: '/api/course/query/list' },
  courseOne: { method: 'GET', path: '/api/course/one' },
  courseAdd: { method: 'POST', path: '/api/course/add' },
  courseEdit: { method: 'PUT', path: '/api/course/edit' },
  courseDel: { method: 'DELETE', path: '/api/course/del' },
  courseAudit: { method: 'PUT', path: '/api/course/audit' },
  coursePublish: { method: 'PUT', path: '/api/course/publish' },
  auditDict: { method: 'GET', path: '/api/course/audit/query/auditDict' },
  specialList: { method: 'GET', path: '/api/course/special/query/list' },
  specialOne: { method: 'GET', path: '/api/course/special/one' },
  specialAdd: { method: 'POST', path: '/api/course/special/add' },
  specialEdit: { method: 'PUT', path: '/api/course/special/edit' },
  specialDel: { method: 'DELETE', path: '/api/course/special/del' },
  getLessonList: { method: 'GET', path: '/api/curriculum/getLessonList' },
  getSpecialList: { method: 'GET', path: '/api/course/special/getSpecialList' },
  getFirstLesson: { method: 'GET', path: '/api/course/special/getFirstLesson' },
  getCurriculumSelector: { method: 'GET', path: '/api/curriculum/getCurriculumSelector' },
  getSpecialSelector: { method: 'GET', path: '/api/course/special/getSpecialSelector' },
  addBannerLink: { method: 'POST', path: '/api/banner/add' },
  coursewareList: { method: 'GET', path: '/api/course/courseware/list' },
  coursewareDel: { method: 'DELETE', path: '/api/course/courseware/del' },
  coursewareState: { method: 'GET', path: '/api/curriculum/getCoursewareState' },
});

/** A course's courseware; delete one; where a conversion stands (polled while converting). */
export const listCourseware = (courseId: number) => callApi<Courseware[]>('coursewareList', { courseId: String(courseId) });
export const deleteCourseware = (id: number) => callApi<null>('coursewareDel', { id: String(id) });
export const coursewareState = (id: number) => callApi<Courseware>('coursewareState', { id: String(id) }, { silent: true });
export const COURSEWARE_DOWNLOAD = '/api/course/download';

export const COURSE_EXPORT = '/api/course/export';
export const SPECIAL_EXPORT = '/api/course/special/export';
export const PUSH_EXPORT = '/api/course/push/export';
/** the courses' distinct lecturers (filter: lecturer) */
export const LECTURER_EXPORT = '/api/course/lecturer/export';

type Params = Record<string, string>;
const ids = (list: number[]) => ({ ids: list.join(',') });

export interface CourseTypeForm {
  parentId: number;
  name: string;
  sort: number;
}
export const listCourseTypes = (p: Params) => callApi<Page<CourseType>>('courseTypeList', p);
export const courseTypeTree = () => callApi<CourseTypeNode[]>('courseTypeTree');
export const addCourseType = (f: CourseTypeForm) => callApi<{ id: number }>('courseTypeAdd', { ...f });
export const editCourseType = (f: CourseTypeForm & { id: number }) => callApi<null>('courseTypeEdit', { ...f });
export const deleteCourseTypes = (list: number[]) => callApi<null>('courseTypeDel', ids(list));

export interface CourseForm {
  name: string;
  cover: string;
  typeId: number;
  description: string;
  lecturer: string;
}
export const listCourses = (p: Params) => callApi<Page<Course>>('courseList', p);
export const addCourse = (f: CourseForm) => callApi<{ id: number }>('courseAdd', { ...f });
export const editCourse = (f: CourseForm & { id: number }) => callApi<null>('courseEdit', { ...f });
export const deleteCourses = (list: number[]) => callApi<null>('courseDel', ids(list));
export const auditCourses = (list: number[], auditStatus: string, remark: string) =>
  callApi<null>('courseAudit', { ...ids(list), auditStatus, remark });
export const publishCourses = (list: number[], published: 0 | 1) => callApi<null>('coursePublish', { ...ids(list), published });
export const auditStates = () => callApi<AuditItem[]>('auditDict');

export interface SpecialForm {
  name: string;
  cover: string;
  level: number;
  parentId: number;
  description: string;
  published: 0 | 1;
  courseIds: number[];
}
export const listSpecials = (p: Params) => callApi<Page<Special>>('specialList', p);
export const specialOne = (id: number) => callApi<Special>('specialOne', { id });
export const addSpecial = (f: SpecialForm) => callApi<{ id: number }>('specialAdd', { ...f });
export const editSpecial = (f: SpecialForm & { id: number }) => callApi<null>('specialEdit', { ...f });
export const deleteSpecials = (list: number[]) => callApi<null>('specialDel', ids(list));

/** getLessonList: name, pageSize, pageIndex; answers data.records, data.current, data.total. */
export const getLessonList = (p: { name: string; pageSize: number; pageIndex: number }) => callApi<CardPage>('getLessonList', { ...p });
/** getSpecialList: name, type (the level: 1 first-level, 2 second-level), pageSize, pageIndex. */
export const getSpecialList = (p: { name: string; type?: number; pageSize: number; pageIndex: number }) => {
  const { type, ...rest } = p;
  return callApi<CardPage>('getSpecialList', type ? { ...rest, type } : rest);
};
/** getFirstLesson: specialId, pageSize, pageIndex; answers data.data, data.pageIndex, data.total. */
export const getFirstLesson = (p: { specialId: number; pageSize: number; pageIndex: number }) =>
  callApi<FirstLessonPage>('getFirstLesson', { ...p });
/** getCurriculumSelector: courses as {id, name}; all (course managers only) includes the unpublished ones. */
export const getCurriculumSelector = (name = '', all = false) =>
  callApi<ContentOption[]>('getCurriculumSelector', all ? { name, all: 'true' } : { name });
/** getSpecialSelector: topics as {id, name} (level 1 or 2 narrows them). */
export const getSpecialSelector = (name = '', level = 0) =>
  callApi<ContentOption[]>('getSpecialSelector', level ? { name, level } : { name });

/** What addBannerLink sends: the selector's output (spec section 3). */
export interface BannerLinkBody {
  type: string;
  orderDort: string;
  id?: number;
  specialId?: number;
  name?: string;
  cover?: string;
  clickUrl?: string;
  coverUrl?: string;
  content?: string;
}
/** addBannerLink: POST /api/banner/add; on code 0 the selection is emitted. */
export const addBannerLink = (b: BannerLinkBody) => callApi<{ id: number }>('addBannerLink', { ...b });

/* ---------- course push ---------- */

export type PushRow = Schemas['ContentPushRow'];
export type Push = Schemas['ContentPush'];
export type PushItem = Schemas['ContentPushItem'];
export type LearnerCourse = Schemas['ContentLearnerCourse'];
export type Catalog = Schemas['ContentCatalog'];
export type SpecialView = Schemas['ContentSpecialView'];

defineApis({
  pushList: { method: 'GET', path: '/api/course/push/query/list' },
  pushOne: { method: 'GET', path: '/api/course/push/one' },
  pushAdd: { method: 'POST', path: '/api/course/push/add' },
  pushEdit: { method: 'PUT', path: '/api/course/push/edit' },
  pushDel: { method: 'DELETE', path: '/api/course/push/del' },
  pushMine: { method: 'GET', path: '/api/course/push/mine' },
  portalCourse: { method: 'GET', path: '/api/course/portal/course' },
  portalSpecial: { method: 'GET', path: '/api/course/portal/special' },
  portalCatalog: { method: 'GET', path: '/api/course/portal/catalog' },
  wareSig: { method: 'GET', path: '/api/curriculum/getSig' },
});

/** What the push dialog sends: the selector's outputs and the picker's selection (codes). */
export interface PushForm {
  title: string;
  items: { type: string; id: number; specialId?: number }[];
  organ: { fullUnitCode: string }[];
  employee: { code: string }[];
}
export const listPushes = (p: Params) => callApi<Page<PushRow>>('pushList', p);
export const pushOne = (id: number) => callApi<Push>('pushOne', { id });
export const addPush = (f: PushForm) => callApi<{ id: number }>('pushAdd', { ...f });
export const editPush = (f: PushForm & { id: number }) => callApi<null>('pushEdit', { ...f });
export const deletePushes = (list: number[]) => callApi<null>('pushDel', ids(list));
/** The courses and topics pushed to the signed-in user. */
export const myPushes = () => callApi<PushItem[]>('pushMine');
export const portalCourse = (id: number) => callApi<LearnerCourse>('portalCourse', { id });
/** The offered courses and published first-level topics. */
export const portalCatalog = () => callApi<Catalog>('portalCatalog');
/** A short-lived signed address of a ready courseware (a PDF opens in a new tab, a video plays in place). */
export const wareSig = (id: number) => callApi<Schemas['ContentSig']>('wareSig', { id });
export const portalSpecial = (id: number) => callApi<SpecialView>('portalSpecial', { id });
