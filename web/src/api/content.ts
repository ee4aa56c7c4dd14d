/**
 * Calls of the learning content (/course_manager, function code `course_manager`; docs/content.md): course types
 * (a two-level category), courses, topics, and the resource selector's calls (getLessonList, getSpecialList,
 * getFirstLesson, getCurriculumSelector, getSpecialSelector, addBannerLink), which portal management may use too.
 * Covers go up through the banner upload (api/upload.ts, target 'banner').
 */
import { call, callList, defineApis, type CallOptions, type ListParams } from './client';
import type { components } from './schema';
import type { BodyOf, GetPath } from './routes';

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

const apis = defineApis({
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
export const listCourseware = (courseId: number) => call(apis.coursewareList, { courseId });
export const deleteCourseware = (id: number) => call(apis.coursewareDel, { id });
export const coursewareState = (id: number) => call(apis.coursewareState, { id }, { silent: true });
export const COURSEWARE_DOWNLOAD = '/api/course/download' satisfies GetPath;

export const COURSE_EXPORT = '/api/course/export' satisfies GetPath;
export const SPECIAL_EXPORT = '/api/course/special/export' satisfies GetPath;
export const PUSH_EXPORT = '/api/course/push/export' satisfies GetPath;
/** the courses' distinct lecturers (filter: lecturer) */
export const LECTURER_EXPORT = '/api/course/lecturer/export' satisfies GetPath;

type Params = ListParams;
const ids = (list: number[]) => ({ ids: list });

export interface CourseTypeForm {
  parentId: number;
  name: string;
  sort: number;
}
export const listCourseTypes = (p: Params) => callList(apis.courseTypeList, p);
export const courseTypeTree = (opts?: CallOptions) => call(apis.courseTypeTree, undefined, opts);
export const addCourseType = (f: CourseTypeForm) => call(apis.courseTypeAdd, { ...f });
export const editCourseType = (f: CourseTypeForm & { id: number }) => call(apis.courseTypeEdit, { ...f });
export const deleteCourseTypes = (list: number[]) => call(apis.courseTypeDel, ids(list));

export interface CourseForm {
  name: string;
  cover: string;
  typeId: number;
  description: string;
  lecturer: string;
}
export const listCourses = (p: Params, opts?: CallOptions) => callList(apis.courseList, p, opts);
export const addCourse = (f: CourseForm) => call(apis.courseAdd, { ...f });
export const editCourse = (f: CourseForm & { id: number }) => call(apis.courseEdit, { ...f });
export const deleteCourses = (list: number[]) => call(apis.courseDel, ids(list));
export const auditCourses = (list: number[], auditStatus: string, remark: string) =>
  call(apis.courseAudit, { ...ids(list), auditStatus, remark });
export const publishCourses = (list: number[], published: 0 | 1) => call(apis.coursePublish, { ...ids(list), published });
export const auditStates = (opts?: CallOptions) => call(apis.auditDict, undefined, opts);

export interface SpecialForm {
  name: string;
  cover: string;
  level: number;
  parentId: number;
  description: string;
  published: 0 | 1;
  courseIds: number[];
}
export const listSpecials = (p: Params) => callList(apis.specialList, p);
export const specialOne = (id: number) => call(apis.specialOne, { id });
export const addSpecial = (f: SpecialForm) => call(apis.specialAdd, { ...f });
export const editSpecial = (f: SpecialForm & { id: number }) => call(apis.specialEdit, { ...f });
export const deleteSpecials = (list: number[]) => call(apis.specialDel, ids(list));

/** getLessonList: name, pageSize, pageIndex; answers data.records, data.current, data.total. */
export const getLessonList = (p: { name: string; pageSize: number; pageIndex: number }) => call(apis.getLessonList, { ...p });
/** getSpecialList: name, type (the level: 1 first-level, 2 second-level), pageSize, pageIndex. */
export const getSpecialList = (p: { name: string; type?: number; pageSize: number; pageIndex: number }) => {
  const { type, ...rest } = p;
  return call(apis.getSpecialList, type ? { ...rest, type } : rest);
};
/** getFirstLesson: specialId, pageSize, pageIndex; answers data.data, data.pageIndex, data.total. */
export const getFirstLesson = (p: { specialId: number; pageSize: number; pageIndex: number }) =>
  call(apis.getFirstLesson, { ...p });
/** getCurriculumSelector: courses as {id, name}; all (course managers only) includes the unpublished ones. */
export const getCurriculumSelector = (name = '', all = false) =>
  call(apis.getCurriculumSelector, all ? { name, all: 'true' } : { name });
/** getSpecialSelector: topics as {id, name} (level 1 or 2 narrows them). */
export const getSpecialSelector = (name = '', level = 0) =>
  call(apis.getSpecialSelector, level ? { name, level } : { name });

/** What addBannerLink sends: the selector's output (spec section 3). */
export type BannerLinkBody = BodyOf<typeof apis.addBannerLink>;
/** The resource selector's output (spec section 3: the sort order as text) as addBannerLink's body (a number). */
export const bannerLink = <O extends { orderDort: string }>(o: O): Omit<O, 'orderDort'> & { orderDort: number } => ({
  ...o,
  orderDort: Number(o.orderDort),
});
/** addBannerLink: POST /api/banner/add; on code 0 the selection is emitted. */
export const addBannerLink = (b: BannerLinkBody) => call(apis.addBannerLink, { ...b });

/* ---------- course push ---------- */

export type PushRow = Schemas['ContentPushRow'];
export type Push = Schemas['ContentPush'];
export type PushItem = Schemas['ContentPushItem'];
export type LearnerCourse = Schemas['ContentLearnerCourse'];
export type Catalog = Schemas['ContentCatalog'];
export type SpecialView = Schemas['ContentSpecialView'];

const apis2 = defineApis({
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

/**
 * What the push dialog sends: the selector's outputs and the picker's selection (codes). The document declares the
 * body with the answer's item and employee shapes (name, cover, link), which the server does not read on input: the
 * form is sent as it is (the one body cast of the typed calls; docs/api.md).
 */
export interface PushForm {
  title: string;
  items: { type: string; id: number; specialId?: number }[];
  organ: { fullUnitCode: string }[];
  employee: { code: string }[];
}
type PushBody = BodyOf<typeof apis2.pushAdd>;
export const listPushes = (p: Params) => callList(apis2.pushList, p);
export const pushOne = (id: number) => call(apis2.pushOne, { id });
export const addPush = (f: PushForm) => call(apis2.pushAdd, { ...f } as PushBody);
export const editPush = (f: PushForm & { id: number }) => call(apis2.pushEdit, { ...f } as PushBody);
export const deletePushes = (list: number[]) => call(apis2.pushDel, ids(list));
/** The courses and topics pushed to the signed-in user. */
export const myPushes = () => call(apis2.pushMine);
export const portalCourse = (id: number) => call(apis2.portalCourse, { id });
/** The offered courses and published first-level topics. */
export const portalCatalog = () => call(apis2.portalCatalog);
/** A short-lived signed address of a ready courseware (a PDF opens in a new tab, a video plays in place). */
export const wareSig = (id: number) => call(apis2.wareSig, { id });
export const portalSpecial = (id: number) => call(apis2.portalSpecial, { id });
