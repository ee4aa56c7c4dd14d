/**
 * Training's server state through the query cache (api/queries.ts): one key factory, a hook per read, and the writes
 * as mutations that refresh exactly what they change (a class's seats, its schedule, a session's sheet). The lists
 * of the two screens come through useList under ['list', 'trainingLecturers'] and ['list', 'trainingClasses'].
 */
import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import {
  classOne,
  correctSignIn,
  decide,
  deleteClass,
  deleteLecturer,
  deleteSession,
  enrol,
  h5Classes,
  h5Enrol,
  h5Schedule,
  h5Session,
  h5SignIn,
  h5Withdraw,
  lecturerOptions,
  listPlans,
  savePlan,
  deletePlan,
  type PlanFilter,
  listSessions,
  listStudents,
  myClasses,
  mySchedule,
  saveClass,
  saveLecturer,
  saveSession,
  setClassState,
  signInCode,
  signInSheet,
  withdraw,
  certExams,
  certList,
  certRule,
  classEvaluations,
  evaluate,
  h5Certificates,
  h5Evaluate,
  h5Evaluations,
  issueCerts,
  lecturerEvaluations,
  myCertificates,
  myEvaluations,
  revokeCert,
  saveCertRule,
  verifyCert,
  type CertRuleForm,
  type EvaluateForm,
  type RevokeForm,
  type ClassState,
  type CorrectForm,
  type DecideForm,
  type SessionForm,
  type SignInForm,
} from '../../api/training';

/** The keys of training's reads: a write refreshes the narrowest key that covers what it changed. */
export const trainingKeys = {
  all: ['training'] as const,
  lecturerList: ['list', 'trainingLecturers'] as const,
  classList: ['list', 'trainingClasses'] as const,
  lecturerOptions: () => ['training', 'lecturerOptions'] as const,
  plans: (year?: number) => ['training', 'plans', year ?? 0] as const,
  /** every plans read: the class form's options and the plans screen's list */
  plansAll: ['training', 'plans'] as const,
  planList: (f: PlanFilter) => ['training', 'plans', 'list', f.year ?? 0, f.unitCode ?? '', f.keyword ?? ''] as const,
  class: (id: number) => ['training', 'class', id] as const,
  /** everything of one class: its detail, students, sessions and sheets */
  classAll: (id: number) => ['training', 'class', id] as const,
  students: (id: number) => ['training', 'class', id, 'students'] as const,
  sessions: (id: number) => ['training', 'class', id, 'sessions'] as const,
  sheet: (classId: number, sessionId: number) => ['training', 'class', classId, 'sheet', sessionId] as const,
  code: (sessionId: number) => ['training', 'code', sessionId] as const,
  mine: (where: 'portal' | 'h5') => ['training', 'mine', where] as const,
  myClasses: (where: 'portal' | 'h5') => ['training', 'mine', where, 'classes'] as const,
  mySchedule: (where: 'portal' | 'h5', from: string, to: string) => ['training', 'mine', where, 'schedule', from, to] as const,
  card: (sessionId: number) => ['training', 'card', sessionId] as const,
  evaluations: (classId: number) => ['training', 'class', classId, 'evaluations'] as const,
  lecturerEvaluations: (id: number) => ['training', 'lecturerEvaluations', id] as const,
  certRule: (classId: number) => ['training', 'class', classId, 'certRule'] as const,
  certs: (classId: number) => ['training', 'class', classId, 'certs'] as const,
  certExams: (keyword: string) => ['training', 'certExams', keyword] as const,
  myEvaluations: (where: 'portal' | 'h5') => ['training', 'mine', where, 'evaluations'] as const,
  myCertificates: (where: 'portal' | 'h5') => ['training', 'mine', where, 'certificates'] as const,
  verify: (serial: string) => ['training', 'verify', serial] as const,
};

/* ---------- reads ---------- */

export const useLecturerOptions = () => useQuery({ queryKey: trainingKeys.lecturerOptions(), queryFn: lecturerOptions, staleTime: 30_000 });

export const usePlans = (year?: number) => useQuery({ queryKey: trainingKeys.plans(year), queryFn: () => listPlans({ year }), staleTime: 30_000 });

export const usePlanList = (f: PlanFilter) => useQuery({ queryKey: trainingKeys.planList(f), queryFn: () => listPlans(f), placeholderData: keepPreviousData });

export function useSavePlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: savePlan, onSuccess: () => void qc.invalidateQueries({ queryKey: trainingKeys.plansAll }) });
}

export function useDeletePlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePlan, onSuccess: () => void qc.invalidateQueries({ queryKey: trainingKeys.plansAll }) });
}

export const useClass = (id: number | undefined) =>
  useQuery({ queryKey: trainingKeys.class(id ?? 0), queryFn: () => classOne(id!), enabled: !!id });

export const useStudents = (classId: number) => useQuery({ queryKey: trainingKeys.students(classId), queryFn: () => listStudents(classId) });

export const useSessions = (classId: number) => useQuery({ queryKey: trainingKeys.sessions(classId), queryFn: () => listSessions(classId) });

export const useSheet = (classId: number, sessionId: number | undefined) =>
  useQuery({ queryKey: trainingKeys.sheet(classId, sessionId ?? 0), queryFn: () => signInSheet(sessionId!), enabled: !!sessionId });

/** The QR screen's code: asked again when the server says it changes (at most every 15 s, at least every 15 s). */
export const useSignInCode = (sessionId: number, every: number) =>
  useQuery({ queryKey: trainingKeys.code(sessionId), queryFn: () => signInCode(sessionId), refetchInterval: every, gcTime: 0 });

export const useMyClasses = (where: 'portal' | 'h5') =>
  useQuery({ queryKey: trainingKeys.myClasses(where), queryFn: where === 'portal' ? myClasses : h5Classes });

export const useMySchedule = (where: 'portal' | 'h5', from: string, to: string) =>
  useQuery({
    queryKey: trainingKeys.mySchedule(where, from, to),
    queryFn: () => (where === 'portal' ? mySchedule(from, to) : h5Schedule(from, to)),
    placeholderData: keepPreviousData,
  });

export const useSessionCard = (sessionId: number) =>
  useQuery({ queryKey: trainingKeys.card(sessionId), queryFn: () => h5Session(sessionId), retry: false });

export const useClassEvaluations = (classId: number) =>
  useQuery({ queryKey: trainingKeys.evaluations(classId), queryFn: () => classEvaluations(classId) });

export const useLecturerEvaluations = (id: number | undefined) =>
  useQuery({ queryKey: trainingKeys.lecturerEvaluations(id ?? 0), queryFn: () => lecturerEvaluations(id!), enabled: !!id });

export const useCertRule = (classId: number) => useQuery({ queryKey: trainingKeys.certRule(classId), queryFn: () => certRule(classId) });

export const useCertExams = (keyword: string) =>
  useQuery({ queryKey: trainingKeys.certExams(keyword), queryFn: () => certExams(keyword), staleTime: 60_000, placeholderData: keepPreviousData });

export const useCertList = (classId: number) => useQuery({ queryKey: trainingKeys.certs(classId), queryFn: () => certList(classId) });

export const useMyEvaluations = (where: 'portal' | 'h5') =>
  useQuery({ queryKey: trainingKeys.myEvaluations(where), queryFn: where === 'portal' ? myEvaluations : h5Evaluations });

export const useMyCertificates = (where: 'portal' | 'h5') =>
  useQuery({ queryKey: trainingKeys.myCertificates(where), queryFn: where === 'portal' ? myCertificates : h5Certificates });

export const useVerification = (serial: string) =>
  useQuery({ queryKey: trainingKeys.verify(serial), queryFn: () => verifyCert(serial), enabled: !!serial, retry: false });

/* ---------- writes ---------- */

export function useSaveLecturer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveLecturer,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: trainingKeys.lecturerList });
      void qc.invalidateQueries({ queryKey: trainingKeys.lecturerOptions() });
    },
  });
}

export function useDeleteLecturer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteLecturer,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: trainingKeys.lecturerList });
      void qc.invalidateQueries({ queryKey: trainingKeys.lecturerOptions() });
    },
  });
}

export function useSaveClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveClass,
    onSuccess: (_, f) => {
      void qc.invalidateQueries({ queryKey: trainingKeys.classList });
      void qc.invalidateQueries({ queryKey: trainingKeys.plansAll }); // a plan's classes
      if (f.id) void qc.invalidateQueries({ queryKey: trainingKeys.classAll(f.id) });
    },
  });
}

export function useClassState() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: number; state: ClassState }) => setClassState(id, state),
    onSuccess: (_, { id }) => {
      void qc.invalidateQueries({ queryKey: trainingKeys.classList });
      void qc.invalidateQueries({ queryKey: trainingKeys.class(id), exact: true });
      // closing a class issues its certificates by its rule
      void qc.invalidateQueries({ queryKey: trainingKeys.certs(id) });
    },
  });
}

export function useDeleteClass() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteClass, onSuccess: () => void qc.invalidateQueries({ queryKey: trainingKeys.classList }) });
}

export function useDecide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: DecideForm) => decide(f),
    onSuccess: (_, f) => {
      void qc.invalidateQueries({ queryKey: trainingKeys.students(f.classId) });
      void qc.invalidateQueries({ queryKey: trainingKeys.class(f.classId), exact: true });
      void qc.invalidateQueries({ queryKey: trainingKeys.classList });
    },
  });
}

export function useSaveSession(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    // the refusal (a lecturer or a room taken) is shown in the dialog, not as a toast
    mutationFn: (f: SessionForm) => saveSession(f, { silent: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: trainingKeys.sessions(classId) });
      void qc.invalidateQueries({ queryKey: trainingKeys.class(classId), exact: true });
      void qc.invalidateQueries({ queryKey: trainingKeys.classList });
    },
  });
}

export function useDeleteSession(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: trainingKeys.sessions(classId) });
      void qc.invalidateQueries({ queryKey: trainingKeys.class(classId), exact: true });
    },
  });
}

export function useCorrect(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: CorrectForm) => correctSignIn(f),
    onSuccess: (_, f) => {
      void qc.invalidateQueries({ queryKey: trainingKeys.sheet(classId, f.sessionId) });
      void qc.invalidateQueries({ queryKey: trainingKeys.sessions(classId) });
      void qc.invalidateQueries({ queryKey: trainingKeys.students(classId) });
    },
  });
}

/** Enrol in or withdraw from a class (the portal or the phone page): the caller's classes and schedule change. */
export function useEnrolment(where: 'portal' | 'h5') {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: trainingKeys.mine(where) });
  return {
    enrol: useMutation({ mutationFn: where === 'portal' ? enrol : h5Enrol, onSuccess: refresh }),
    withdraw: useMutation({ mutationFn: where === 'portal' ? withdraw : h5Withdraw, onSuccess: refresh }),
  };
}

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: SignInForm) => h5SignIn(f),
    onSuccess: (_, f) => {
      void qc.invalidateQueries({ queryKey: trainingKeys.card(f.sessionId) });
      void qc.invalidateQueries({ queryKey: trainingKeys.mine('h5') });
    },
  });
}

/** The caller's evaluation (portal or phone page): their list to evaluate changes. */
export function useEvaluate(where: 'portal' | 'h5') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: EvaluateForm) => (where === 'portal' ? evaluate(f) : h5Evaluate(f)),
    onSuccess: () => void qc.invalidateQueries({ queryKey: trainingKeys.myEvaluations(where) }),
  });
}

export function useSaveCertRule(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: CertRuleForm) => saveCertRule(f),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: trainingKeys.certRule(classId) });
      void qc.invalidateQueries({ queryKey: trainingKeys.certs(classId) });
    },
  });
}

export function useIssueCerts(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) => issueCerts(classId, userIds),
    onSuccess: () => void qc.invalidateQueries({ queryKey: trainingKeys.certs(classId) }),
  });
}

export function useRevokeCert(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: RevokeForm) => revokeCert(f),
    onSuccess: () => void qc.invalidateQueries({ queryKey: trainingKeys.certs(classId) }),
  });
}
