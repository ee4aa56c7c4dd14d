/**
 * Calls of staff training (docs/decisions/0019-training.md): the lecturers (/training_lecturer), the plans, classes,
 * enrolments, schedule and sign-in (/training_class), the learner's side in the portal and on the phone page
 * (/h5Course, with the h5Token). The exports are the spec's 'lecturers', 'training', 'students', 'schedule' and
 * 'sign-in'.
 */
import { call, callList, defineApis, type CallOptions, type ListParams } from './client';
import type { components } from './schema';
import type { RequestBody } from './types';
import type { GetPath } from './routes';

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
export type EvaluateForm = RequestBody<'/api/portal/training/evaluate', 'post'>;
export type EvalTodo = Schemas['TrainingEvalTodo'];
export type EvalResults = Schemas['TrainingEvalResults'];
export type EvalSummary = Schemas['TrainingEvalSummary'];
export type EvalGroup = Schemas['TrainingEvalGroup'];
export type EvalComment = Schemas['TrainingEvalComment'];
export type CertRule = Schemas['TrainingCertRule'];
export type CertRuleForm = RequestBody<'/api/training/cert/rule', 'put'>;
export type ExamOption = Schemas['TrainingExamOption'];
export type Certificate = Schemas['TrainingCertificate'];
export type CertState = Certificate['state'];
export type Candidate = Schemas['TrainingCandidate'];
export type Issued = Schemas['TrainingIssued'];
export type RevokeForm = RequestBody<'/api/training/cert/revoke', 'put'>;
export type Verification = Schemas['TrainingVerification'];

export const LECTURER_KINDS = ['internal', 'external'] as const satisfies readonly LecturerKind[];
export const CLASS_STATES = ['draft', 'enrolling', 'running', 'closed', 'archived'] as const satisfies readonly ClassState[];
export const CLASS_MODES = ['onsite', 'online', 'blended'] as const satisfies readonly ClassMode[];
export const ENROL_STATES = ['enrolled', 'pending', 'waiting', 'withdrawn', 'rejected'] as const satisfies readonly EnrolState[];
export const SIGN_STATES = ['present', 'late', 'absent'] as const satisfies readonly SignState[];

/** The exports (spec section 7). */
export const LECTURER_EXPORT = '/api/training/lecturer/export' satisfies GetPath;
/** export 'training plans' */
export const PLAN_EXPORT = '/api/training/plan/export' satisfies GetPath;
export const CLASS_EXPORT = '/api/training/class/export' satisfies GetPath;
export const STUDENT_EXPORT = '/api/training/class/students/export' satisfies GetPath;
export const SCHEDULE_EXPORT = '/api/training/session/export' satisfies GetPath;
export const SIGNIN_EXPORT = '/api/training/signin/export' satisfies GetPath;
export const EVALUATION_EXPORT = '/api/training/evaluation/export' satisfies GetPath;
export const CERTIFICATION_EXPORT = '/api/training/cert/export' satisfies GetPath;
/** A certificate's PDF: the administrator's, the portal's own, the phone page's own (h5Token). */
export const CERT_PDF = '/api/training/cert/pdf' satisfies GetPath;
export const MY_CERT_PDF = '/api/portal/training/certificate/pdf' satisfies GetPath;
export const H5_CERT_PDF = '/api/biapp/training/certificate/pdf' satisfies GetPath;

const h5 = { auth: false, h5: true } as const;

const apis = defineApis({
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
  h5TrainingClasses: { method: 'GET', path: '/api/biapp/training/classes', ...h5 },
  h5TrainingEnrol: { method: 'POST', path: '/api/biapp/training/enrol', ...h5 },
  h5TrainingWithdraw: { method: 'POST', path: '/api/biapp/training/withdraw', ...h5 },
  h5TrainingSchedule: { method: 'GET', path: '/api/biapp/training/schedule', ...h5 },
  h5TrainingSession: { method: 'GET', path: '/api/biapp/training/session', ...h5 },
  h5TrainingSignIn: { method: 'POST', path: '/api/biapp/training/signin', ...h5 },
  trainingEvalClass: { method: 'GET', path: '/api/training/evaluation/class' },
  trainingEvalLecturer: { method: 'GET', path: '/api/training/evaluation/lecturer' },
  trainingCertRule: { method: 'GET', path: '/api/training/cert/rule' },
  trainingCertRuleSave: { method: 'PUT', path: '/api/training/cert/rule' },
  trainingCertExams: { method: 'GET', path: '/api/training/cert/exams' },
  trainingCertList: { method: 'GET', path: '/api/training/cert/list' },
  trainingCertIssue: { method: 'POST', path: '/api/training/cert/issue' },
  trainingCertRevoke: { method: 'PUT', path: '/api/training/cert/revoke' },
  portalTrainingEvaluations: { method: 'GET', path: '/api/portal/training/evaluations' },
  portalTrainingEvaluate: { method: 'POST', path: '/api/portal/training/evaluate' },
  portalTrainingCertificates: { method: 'GET', path: '/api/portal/training/certificates' },
  h5TrainingEvaluations: { method: 'GET', path: '/api/biapp/training/evaluations', ...h5 },
  h5TrainingEvaluate: { method: 'POST', path: '/api/biapp/training/evaluate', ...h5 },
  h5TrainingCertificates: { method: 'GET', path: '/api/biapp/training/certificates', ...h5 },
  verifyCert: { method: 'GET', path: '/api/verify/cert', auth: false },
});

type Params = ListParams;

export const listLecturers = (p: Params) => callList(apis.trainingLecturerList, p);
export const lecturerOptions = () => call(apis.trainingLecturerOptions);
export const saveLecturer = (f: LecturerForm) => call(f.id ? apis.trainingLecturerEdit : apis.trainingLecturerAdd, { ...f });
export const deleteLecturer = (id: number) => call(apis.trainingLecturerDel, { id });

/** the plans of a year (0 or none: every year), a unit (and its sub-units), words of the title or notes */
export interface PlanFilter {
  year?: number;
  unitCode?: string;
  keyword?: string;
}
export const listPlans = (f: PlanFilter = {}) =>
  call(apis.trainingPlanList, {
    ...(f.year ? { year: f.year } : {}),
    ...(f.unitCode ? { unitCode: f.unitCode } : {}),
    ...(f.keyword ? { keyword: f.keyword } : {}),
  });
export const savePlan = (f: PlanForm) => call(f.id ? apis.trainingPlanEdit : apis.trainingPlanAdd, { ...f });
export const deletePlan = (id: number) => call(apis.trainingPlanDel, { id });

export const listClasses = (p: Params) => callList(apis.trainingClassList, p);
export const classOne = (id: number) => call(apis.trainingClassOne, { id });
export const saveClass = (f: ClassForm) => call(f.id ? apis.trainingClassEdit : apis.trainingClassAdd, { ...f });
export const setClassState = (id: number, state: ClassState) => call(apis.trainingClassState, { id, state });
export const deleteClass = (id: number) => call(apis.trainingClassDel, { id });
export const listStudents = (classId: number) => call(apis.trainingStudents, { classId });
export const decide = (f: DecideForm) => call(apis.trainingDecide, { ...f });

export const listSessions = (classId: number) => call(apis.trainingSessionList, { classId });
/** Saves a session; a lecturer or a room taken then is refused (the message names the other session), trainees with
 * another class then come back as warnings. */
export const saveSession = (f: SessionForm, opts?: CallOptions) =>
  call(f.id ? apis.trainingSessionEdit : apis.trainingSessionAdd, { ...f }, opts);
export const deleteSession = (id: number) => call(apis.trainingSessionDel, { id });

export const signInSheet = (sessionId: number) => call(apis.trainingSheet, { sessionId });
export const signInCode = (sessionId: number) => call(apis.trainingCode, { sessionId }, { silent: true });
export const correctSignIn = (f: CorrectForm) => call(apis.trainingCorrect, { ...f });

export const myClasses = () => call(apis.portalTrainingClasses);
export const enrol = (classId: number) => call(apis.portalTrainingEnrol, { classId });
export const withdraw = (classId: number) => call(apis.portalTrainingWithdraw, { classId });
export const mySchedule = (from: string, to: string) => call(apis.portalTrainingSchedule, { from, to });

export const h5Classes = () => call(apis.h5TrainingClasses);
export const h5Enrol = (classId: number) => call(apis.h5TrainingEnrol, { classId });
export const h5Withdraw = (classId: number) => call(apis.h5TrainingWithdraw, { classId });
export const h5Schedule = (from: string, to: string) => call(apis.h5TrainingSchedule, { from, to });
export const h5Session = (sessionId: number) => call(apis.h5TrainingSession, { sessionId }, { silent: true });
export const h5SignIn = (f: SignInForm) => call(apis.h5TrainingSignIn, { ...f }, { silent: true });

export const classEvaluations = (classId: number) => call(apis.trainingEvalClass, { classId });
export const lecturerEvaluations = (lecturerId: number) => call(apis.trainingEvalLecturer, { lecturerId });
export const certRule = (classId: number) => call(apis.trainingCertRule, { classId });
export const saveCertRule = (f: CertRuleForm) => call(apis.trainingCertRuleSave, { ...f });
export const certExams = (keyword: string) => call(apis.trainingCertExams, { keyword });
export const certList = (classId: number) => call(apis.trainingCertList, { classId });
export const issueCerts = (classId: number, userIds: number[]) => call(apis.trainingCertIssue, { classId, userIds });
export const revokeCert = (f: RevokeForm) => call(apis.trainingCertRevoke, { ...f });

export const myEvaluations = () => call(apis.portalTrainingEvaluations);
export const evaluate = (f: EvaluateForm) => call(apis.portalTrainingEvaluate, { ...f });
export const myCertificates = () => call(apis.portalTrainingCertificates);
export const h5Evaluations = () => call(apis.h5TrainingEvaluations);
export const h5Evaluate = (f: EvaluateForm) => call(apis.h5TrainingEvaluate, { ...f });
export const h5Certificates = () => call(apis.h5TrainingCertificates);

/** The public verification of a certificate (no sign-in). */
export const verifyCert = (serial: string) => call(apis.verifyCert, { serial }, { silent: true });
