/**
 * Calls of staff training (docs/decisions/0019-training.md): the lecturers (/training_lecturer), the plans, classes,
 * enrolments, schedule and sign-in (/training_class), the learner's side in the portal and on the phone page
 * (/h5Course, with the h5Token). The exports are the spec's 'lecturers', 'training', 'students', 'schedule' and
 * 'sign-in'.
 */
import { callApi, defineApis, type ApiDef, type CallOptions } from './client';
import type { components } from './schema';
import type { RequestBody } from './types';
import type { Page } from '../components/list/query';

type Schemas = components['schemas'];

export type Lecturer = Schemas['TrainingLecturer'];
export type LecturerKind = Lecturer['kind'];
export type LecturerForm = RequestBody<'/api/training/lecturer/add', 'post'>;
export type TrainingOption = Schemas['TrainingOption'];
export type Plan = Schemas['TrainingPlan'];
export type PlanForm = RequestBody<'/api/training/plan/add', 'post'>;
export type TrainingClass = Schemas['TrainingClass'];
export type ClassDetail = Schemas['TrainingClassDetail'];
export type ClassState = TrainingClass['state'];
export type ClassMode = TrainingClass['mode'];
export type ClassForm = RequestBody<'/api/training/class/add', 'post'>;
export type Student = Schemas['TrainingStudent'];
export type EnrolState = Student['state'];
export type DecideForm = RequestBody<'/api/training/class/decide', 'put'>;
export type Session = Schemas['TrainingSession'];
export type SessionForm = RequestBody<'/api/training/session/add', 'post'>;
export type SessionSaved = Schemas['TrainingSessionSaved'];
export type Sheet = Schemas['TrainingSheet'];
export type SheetRow = Schemas['TrainingSheetRow'];
export type SignState = SheetRow['state'];
export type CorrectForm = RequestBody<'/api/training/signin/correct', 'put'>;
export type QRCode = Schemas['TrainingQR'];
export type MyClass = Schemas['TrainingMyClass'];
export type Enrolled = Schemas['TrainingEnrolled'];
export type SessionCard = Schemas['TrainingSessionCard'];
export type SignedIn = Schemas['TrainingSignedIn'];
export type SignInForm = RequestBody<'/api/biapp/training/signin', 'post'>;

export const LECTURER_KINDS = ['internal', 'external'] as const satisfies readonly LecturerKind[];
export const CLASS_STATES = ['draft', 'enrolling', 'running', 'closed', 'archived'] as const satisfies readonly ClassState[];
export const CLASS_MODES = ['onsite', 'online', 'blended'] as const satisfies readonly ClassMode[];
export const ENROL_STATES = ['enrolled', 'pending', 'waiting', 'withdrawn', 'rejected'] as const satisfies readonly EnrolState[];
export const SIGN_STATES = ['present', 'late', 'absent'] as const satisfies readonly SignState[];

/** The exports (spec section 7). */
export const LECTURER_EXPORT = '/api/training/lecturer/export';
export const CLASS_EXPORT = '/api/training/class/export';
export const STUDENT_EXPORT = '/api/training/class/students/export';
export const SCHEDULE_EXPORT = '/api/training/session/export';
export const SIGNIN_EXPORT = '/api/training/signin/export';

const phone = (method: ApiDef['method'], name: string): ApiDef => ({ method, path: `/api/biapp/training/${name}`, auth: false, h5: true });

defineApis({
  trainingLecturerList: { method: 'GET', path: '/api/training/lecturer/list' },
  trainingLecturerOne: { method: 'GET', path: '/api/training/lecturer/one' },
  trainingLecturerOptions: { method: 'GET', path: '/api/training/lecturer/options' },
  trainingLecturerAdd: { method: 'POST', path: '/api/training/lecturer/add' },
  trainingLecturerEdit: { method: 'PUT', path: '/api/training/lecturer/edit' },
  trainingLecturerDel: { method: 'DELETE', path: '/api/training/lecturer/del' },
  trainingPlanList: { method: 'GET', path: '/api/training/plan/list' },
  trainingPlanAdd: { method: 'POST', path: '/api/training/plan/add' },
  trainingPlanEdit: { method: 'PUT', path: '/api/training/plan/edit' },
  trainingPlanDel: { method: 'DELETE', path: '/api/training/plan/del' },
  trainingClassList: { method: 'GET', path: '/api/training/class/list' },
  trainingClassOne: { method: 'GET', path: '/api/training/class/one' },
  trainingClassAdd: { method: 'POST', path: '/api/training/class/add' },
  trainingClassEdit: { method: 'PUT', path: '/api/training/class/edit' },
  trainingClassState: { method: 'PUT', path: '/api/training/class/state' },
  trainingClassDel: { method: 'DELETE', path: '/api/training/class/del' },
  trainingStudents: { method: 'GET', path: '/api/training/class/students' },
  trainingDecide: { method: 'PUT', path: '/api/training/class/decide' },
  trainingSessionList: { method: 'GET', path: '/api/training/session/list' },
  trainingSessionAdd: { method: 'POST', path: '/api/training/session/add' },
  trainingSessionEdit: { method: 'PUT', path: '/api/training/session/edit' },
  trainingSessionDel: { method: 'DELETE', path: '/api/training/session/del' },
  trainingSheet: { method: 'GET', path: '/api/training/signin/sheet' },
  trainingCode: { method: 'GET', path: '/api/training/signin/code' },
  trainingCorrect: { method: 'PUT', path: '/api/training/signin/correct' },
  portalTrainingClasses: { method: 'GET', path: '/api/portal/training/classes' },
  portalTrainingEnrol: { method: 'POST', path: '/api/portal/training/enrol' },
  portalTrainingWithdraw: { method: 'POST', path: '/api/portal/training/withdraw' },
  portalTrainingSchedule: { method: 'GET', path: '/api/portal/training/schedule' },
  h5TrainingClasses: phone('GET', 'classes'),
  h5TrainingEnrol: phone('POST', 'enrol'),
  h5TrainingWithdraw: phone('POST', 'withdraw'),
  h5TrainingSchedule: phone('GET', 'schedule'),
  h5TrainingSession: phone('GET', 'session'),
  h5TrainingSignIn: phone('POST', 'signin'),
});

type Params = Record<string, string>;

export const listLecturers = (p: Params) => callApi<Page<Lecturer>>('trainingLecturerList', p);
export const lecturerOptions = () => callApi<TrainingOption[]>('trainingLecturerOptions');
export const saveLecturer = (f: LecturerForm) => callApi<{ id: number }>(f.id ? 'trainingLecturerEdit' : 'trainingLecturerAdd', { ...f });
export const deleteLecturer = (id: number) => callApi<null>('trainingLecturerDel', { id });

export const listPlans = (year?: number) => callApi<Plan[]>('trainingPlanList', year ? { year } : undefined);
export const savePlan = (f: PlanForm) => callApi<{ id: number }>(f.id ? 'trainingPlanEdit' : 'trainingPlanAdd', { ...f });
export const deletePlan = (id: number) => callApi<null>('trainingPlanDel', { id });

export const listClasses = (p: Params) => callApi<Page<TrainingClass>>('trainingClassList', p);
export const classOne = (id: number) => callApi<ClassDetail>('trainingClassOne', { id });
export const saveClass = (f: ClassForm) => callApi<{ id: number }>(f.id ? 'trainingClassEdit' : 'trainingClassAdd', { ...f });
export const setClassState = (id: number, state: ClassState) => callApi<null>('trainingClassState', { id, state });
export const deleteClass = (id: number) => callApi<null>('trainingClassDel', { id });
export const listStudents = (classId: number) => callApi<Student[]>('trainingStudents', { classId });
export const decide = (f: DecideForm) => callApi<null>('trainingDecide', { ...f });

export const listSessions = (classId: number) => callApi<Session[]>('trainingSessionList', { classId });
/** Saves a session; a lecturer or a room taken then is refused (the message names the other session), trainees with
 * another class then come back as warnings. */
export const saveSession = (f: SessionForm, opts?: CallOptions) =>
  callApi<SessionSaved>(f.id ? 'trainingSessionEdit' : 'trainingSessionAdd', { ...f }, opts);
export const deleteSession = (id: number) => callApi<null>('trainingSessionDel', { id });

export const signInSheet = (sessionId: number) => callApi<Sheet>('trainingSheet', { sessionId });
export const signInCode = (sessionId: number) => callApi<QRCode>('trainingCode', { sessionId }, { silent: true });
export const correctSignIn = (f: CorrectForm) => callApi<null>('trainingCorrect', { ...f });

export const myClasses = () => callApi<MyClass[]>('portalTrainingClasses');
export const enrol = (classId: number) => callApi<Enrolled>('portalTrainingEnrol', { classId });
export const withdraw = (classId: number) => callApi<null>('portalTrainingWithdraw', { classId });
export const mySchedule = (from: string, to: string) => callApi<Session[]>('portalTrainingSchedule', { from, to });

export const h5Classes = () => callApi<MyClass[]>('h5TrainingClasses');
export const h5Enrol = (classId: number) => callApi<Enrolled>('h5TrainingEnrol', { classId });
export const h5Withdraw = (classId: number) => callApi<null>('h5TrainingWithdraw', { classId });
export const h5Schedule = (from: string, to: string) => callApi<Session[]>('h5TrainingSchedule', { from, to });
export const h5Session = (sessionId: number) => callApi<SessionCard>('h5TrainingSession', { sessionId }, { silent: true });
export const h5SignIn = (f: SignInForm) => callApi<SignedIn>('h5TrainingSignIn', { ...f }, { silent: true });
