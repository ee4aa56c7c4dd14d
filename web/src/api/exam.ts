/**
 * Calls of examinations (docs/decisions/0020-examinations.md): the question bank (/exam_bank), papers (/exam_paper),
 * exams (/exam_manage), marking and grades (/exam_grade), and the taker's side: the portal's calls (web session) and
 * the phone page's (/h5Course, h5Token). Every shape is the generated description's (api/openapi.json).
 */
import {
  ApiError,
  call,
  callHeaders,
  callList,
  callValue,
  clientEffects,
  CODE_NETWORK,
  defineApis,
  defineRoutes,
  interpret,
  networkFailure,
  type CallOptions,
  type ListParams,
} from './client';
import type { components } from './schema';
import type { BodyOf, GetPath, QueryOf, RouteWith } from './routes';

type Schemas = components['schemas'];

export type Question = Schemas['ExamQuestion'];
export type QuestionType = Question['type'];
export type QuestionOption = Schemas['ExamOption'];
export type ImportReport = Schemas['ExamImportReport'];
export type Paper = Schemas['ExamPaper'];
export type PaperKind = Paper['kind'];
export type MultiMode = Paper['multiMode'];
export type PaperPreview = Schemas['ExamPaperPreview'];
export type RuleIn = Schemas['ExamRuleIn'];
export type Exam = Schemas['Exam'];
export type ResultsWhen = Exam['results'];
export type UnitPick = Schemas['ExamUnitPick'];
export type EmployeePick = Schemas['ExamEmployeePick'];
export type Grade = Schemas['ExamGrade'];
export type Analysis = Schemas['ExamAnalysis'];
export type QueueItem = Schemas['ExamQueueItem'];
export type AttemptEvent = Schemas['ExamAttemptEvent'];
export type MyExam = Schemas['ExamMyExam'];
export type AttemptView = Schemas['ExamAttemptView'];
export type TakerQuestion = Schemas['ExamTakerQuestion'];
export type SaveOut = Schemas['ExamSaveOut'];
export type Submitted = Schemas['ExamSubmitted'];
export type TrainingClass = Schemas['TrainingClass'];
export type EventKind = Schemas['ExamAttemptEvent']['kind'];
export type ExamPaperQuestion = Schemas['ExamPaperQuestion'];
export type Remarked = Schemas['ExamRemarked'];
export type KeyCorrection = Schemas['ExamKeyCorrection'];

export const QUESTION_TYPES = ['single', 'multiple', 'judge', 'fill', 'short'] as const satisfies readonly QuestionType[];
export const MULTI_MODES = ['all', 'partial', 'per_option'] as const satisfies readonly MultiMode[];
export const RESULTS_WHEN = ['now', 'after_close', 'released'] as const satisfies readonly ResultsWhen[];

const apis = defineApis({
  examQuestionList: { method: 'GET', path: '/api/exam/question/list' },
  examQuestionOne: { method: 'GET', path: '/api/exam/question/one' },
  examQuestionAdd: { method: 'POST', path: '/api/exam/question/add' },
  examQuestionEdit: { method: 'PUT', path: '/api/exam/question/edit' },
  examQuestionDel: { method: 'DELETE', path: '/api/exam/question/del' },
  examQuestionKey: { method: 'PUT', path: '/api/exam/question/key' },
  examQuestionImport: { method: 'POST', path: '/api/exam/question/import', long: true },
  examQuestionImportCheck: { method: 'POST', path: '/api/exam/question/import', long: true, query: { dryRun: 'true' } },
  examQuestionPaste: { method: 'POST', path: '/api/exam/question/paste', long: true },
  examPaperList: { method: 'GET', path: '/api/exam/paper/list' },
  examPaperOne: { method: 'GET', path: '/api/exam/paper/one' },
  examPaperAdd: { method: 'POST', path: '/api/exam/paper/add' },
  examPaperEdit: { method: 'PUT', path: '/api/exam/paper/edit' },
  examPaperDel: { method: 'DELETE', path: '/api/exam/paper/del' },
  examPaperPreview: { method: 'GET', path: '/api/exam/paper/preview' },
  examList: { method: 'GET', path: '/api/exam/exam/list' },
  examOne: { method: 'GET', path: '/api/exam/exam/one' },
  examAdd: { method: 'POST', path: '/api/exam/exam/add' },
  examEdit: { method: 'PUT', path: '/api/exam/exam/edit' },
  examDel: { method: 'DELETE', path: '/api/exam/exam/del' },
  examRelease: { method: 'PUT', path: '/api/exam/exam/release' },
  examGrades: { method: 'GET', path: '/api/exam/grades' },
  examAnalysis: { method: 'GET', path: '/api/exam/analysis' },
  examAttemptEvents: { method: 'GET', path: '/api/exam/attempt/events' },
  examQuestions: { method: 'GET', path: '/api/exam/exam/questions' },
  examCorrections: { method: 'GET', path: '/api/exam/exam/corrections' },
  examQuestionKeyPreview: { method: 'POST', path: '/api/exam/question/key/preview' },
  examMarkingQueue: { method: 'GET', path: '/api/exam/marking/queue' },
  examPictureUpload: { method: 'POST', path: '/api/exam/picture/upload', long: true },
  examMark: { method: 'PUT', path: '/api/exam/marking/mark' },
  /** the training classes an exam's audience may be (the training screens' list; needs training_class) */
  examTrainingClasses: { method: 'GET', path: '/api/training/class/list' },
  examCourses: { method: 'GET', path: '/api/course/portal/catalog' },
  examMine: { method: 'GET', path: '/api/portal/exam/list' },
  examStart: { method: 'POST', path: '/api/portal/exam/start' },
  examAttempt: { method: 'GET', path: '/api/portal/exam/attempt' },
  examSave: { method: 'POST', path: '/api/portal/exam/save' },
  examSubmit: { method: 'POST', path: '/api/portal/exam/submit' },
  examEvent: { method: 'POST', path: '/api/portal/exam/event' },
});

/** The phone page's calls (h5Token, not the web session); the same answers as the portal's. */
const h5 = { auth: false, h5: true } as const;
const phoneApis = defineRoutes({
  mine: { method: 'GET', path: '/api/biapp/exam/list', ...h5 },
  start: { method: 'POST', path: '/api/biapp/exam/start', ...h5 },
  attempt: { method: 'GET', path: '/api/biapp/exam/attempt', ...h5 },
  save: { method: 'POST', path: '/api/biapp/exam/save', ...h5 },
  submit: { method: 'POST', path: '/api/biapp/exam/submit', ...h5 },
  event: { method: 'POST', path: '/api/biapp/exam/event', ...h5 },
});

/** The exports (spec section 7): 'question bank', 'exams', 'grades'; and the import template. */
export const EXAM_DOWNLOADS = {
  bank: '/api/exam/question/export',
  exams: '/api/exam/exam/export',
  grades: '/api/exam/grades/export',
  template: '/api/exam/question/template',
} as const satisfies Record<string, GetPath>;

export type QuestionForm = BodyOf<typeof apis.examQuestionAdd>;
export type PaperForm = BodyOf<typeof apis.examPaperAdd>;
export type ExamForm = BodyOf<typeof apis.examAdd>;
export type MarkForm = BodyOf<typeof apis.examMark>;
export type KeyForm = BodyOf<typeof apis.examQuestionKey>;

/* ---------- the bank ---------- */

export const listQuestions = (p: ListParams) => callList(apis.examQuestionList, p);
export const getQuestion = (id: number) => call(apis.examQuestionOne, { id });
export const saveQuestion = (f: QuestionForm) => (f.id ? call(apis.examQuestionEdit, f) : call(apis.examQuestionAdd, f));
export const deleteQuestion = (id: number) => call(apis.examQuestionDel, { id });
export function importQuestions(file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  return callValue(dryRun ? apis.examQuestionImportCheck : apis.examQuestionImport, form);
}
export const pasteQuestions = (text: string, dryRun: boolean) => callValue(apis.examQuestionPaste, { text, dryRun });

/* ---------- papers ---------- */

export const listPapers = () => call(apis.examPaperList);
export const getPaper = (id: number) => call(apis.examPaperOne, { id });
export const savePaper = (f: PaperForm) => (f.id ? call(apis.examPaperEdit, f) : call(apis.examPaperAdd, f));
export const deletePaper = (id: number) => call(apis.examPaperDel, { id });
export const previewPaper = (id: number) => call(apis.examPaperPreview, { id });

/* ---------- exams, marking, grades ---------- */

export const listExams = (p: { keyword?: string; classId?: number } = {}) => call(apis.examList, p);
export const getExam = (id: number) => call(apis.examOne, { id });
export const saveExam = (f: ExamForm) => (f.id ? call(apis.examEdit, f) : call(apis.examAdd, f));
export const deleteExam = (id: number) => call(apis.examDel, { id });
export const releaseExam = (id: number) => call(apis.examRelease, { id });
export const examGrades = (examId: number) => call(apis.examGrades, { examId });
export const examAnalysis = (examId: number) => call(apis.examAnalysis, { examId });
export const attemptEvents = (attemptId: number) => call(apis.examAttemptEvents, { attemptId });
export const markingQueue = (examId?: number) => call(apis.examMarkingQueue, examId ? { examId } : {});
export const markAnswer = (f: MarkForm) => call(apis.examMark, f);
/** The exam's question versions with their keys; its history of key corrections. */
export const examQuestions = (examId: number) => call(apis.examQuestions, { examId });
export const examCorrections = (examId: number) => call(apis.examCorrections, { examId });
/** What correcting a key would change (nothing written); the correction itself (every attempt marked again). */
export const previewKey = (f: KeyForm) => call(apis.examQuestionKeyPreview, f);
export const correctKey = (f: KeyForm) => call(apis.examQuestionKey, f);

/** Training classes by keyword (silent: without training_class the exam form offers none). */
export const searchClasses = (keyword: string) =>
  callList(apis.examTrainingClasses, { keyword, limit: '20' }, { silent: true }).then((p) => p.records, () => []);
/** The courses a question may be linked to (the portal's catalogue; silent: none when not readable). */
export const courseOptions = () => call(apis.examCourses, undefined, { silent: true }).then((c) => c.courses, () => []);

/* ---------- the taker (portal or phone page) ---------- */

/** Where the taker's calls go: the portal's (web session) or the phone page's (h5Token). */
export type TakerChannel = 'portal' | 'phone';

export interface TakerApi {
  mine(opts?: CallOptions): Promise<MyExam[]>;
  start(examId: number): Promise<AttemptView>;
  attempt(attemptId: number, opts?: CallOptions): Promise<AttemptView>;
  save(v: { attemptId: number; questionId: number; seq: number; response: unknown }, opts?: CallOptions): Promise<SaveOut>;
  submit(attemptId: number, opts?: CallOptions): Promise<Submitted>;
  event(attemptId: number, kind: EventKind, detail?: string): Promise<unknown>;
}

const takerOf = (d: typeof phoneApis | { mine: typeof apis.examMine; start: typeof apis.examStart; attempt: typeof apis.examAttempt; save: typeof apis.examSave; submit: typeof apis.examSubmit; event: typeof apis.examEvent }): TakerApi => ({
  mine: (opts) => call(d.mine, {}, opts),
  start: (examId) => call(d.start, { examId }),
  attempt: (attemptId, opts) => call(d.attempt, { attemptId }, opts),
  save: (v, opts) => call(d.save, v, opts),
  submit: (attemptId, opts) => call(d.submit, { attemptId }, opts),
  event: (attemptId, kind, detail) => call(d.event, { attemptId, kind, detail: detail ?? '' }, { silent: true }),
});

export const takerApis: Record<TakerChannel, TakerApi> = {
  portal: takerOf({ mine: apis.examMine, start: apis.examStart, attempt: apis.examAttempt, save: apis.examSave, submit: apis.examSubmit, event: apis.examEvent }),
  phone: takerOf(phoneApis),
};

/* ---------- pictures of stems and options ---------- */

/** Upload a picture for a stem or an option (jpg or png, under 2 MB; linked when the question is saved). Silent: the
 *  editor shows the server's refusal beside the control. */
export function uploadPicture(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return callValue(apis.examPictureUpload, form, { silent: true });
}

/** Whose picture route a picture is read through: the examiners' (the four screens' codes), or the taker's own open
 *  attempt on the portal (web session) or the phone page (h5Token header). */
export type PictureSource = { channel: 'examiner' } | { channel: TakerChannel; attemptId: number };

const PICTURE_ROUTES = {
  examiner: { method: 'GET', path: '/api/exam/picture' },
  portal: { method: 'GET', path: '/api/portal/exam/picture' },
  phone: { method: 'GET', path: '/api/biapp/exam/picture' },
} as const satisfies Record<PictureSource['channel'], RouteWith<'GET'>>;
type PictureQuery = QueryOf<(typeof PICTURE_ROUTES)['examiner']> | QueryOf<(typeof PICTURE_ROUTES)['phone']>;

/**
 * A picture's bytes, asked with the caller's credentials (the session token as Bearer, or on the phone page the
 * h5Token header): an <img src> would send neither. A refusal is the server's message (ApiError, no toast; the session
 * rules of every call apply).
 */
export async function fetchPicture(src: PictureSource, id: number, signal?: AbortSignal): Promise<Blob> {
  const fx = clientEffects();
  const phone = src.channel === 'phone';
  const opts: CallOptions = { silent: true, h5: phone };
  const headers = callHeaders(!phone, opts);
  if (phone) {
    const token = fx.getH5Token();
    if (token) headers.h5Token = token;
  }
  const query: PictureQuery = src.channel === 'examiner' ? { id } : { id, attemptId: src.attemptId };
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  let res: Response;
  try {
    res = await fx.fetch(`${fx.baseUrl}${PICTURE_ROUTES[src.channel].path}?${qs}`, { headers, signal, credentials: 'same-origin' });
  } catch {
    return networkFailure(opts);
  }
  if (res.ok && (res.headers.get('Content-Type') ?? '').startsWith('image/')) return res.blob();
  let env: unknown;
  try {
    env = await res.json();
  } catch {
    env = undefined;
  }
  interpret(res.status, env && typeof env === 'object' ? (env as never) : undefined, opts, res.headers.get('X-Request-Id'));
  throw new ApiError('', CODE_NETWORK, res.status); // an answer that is neither a picture nor a refusal
}
