/**
 * Questionnaires and the honorary catalogue through the query cache: a key factory, a hook per read, the writes as
 * mutations that refresh what they change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerSurvey,
  closeSurvey,
  deleteHonour,
  deleteSurvey,
  honourBook,
  honourCandidates,
  listHonours,
  listSurveys,
  mySurvey,
  mySurveys,
  saveHonour,
  saveSurvey,
  sendSurvey,
  surveyOne,
  surveyResults,
  type AnswerForm,
  type HonourKind,
  type SurveyState,
} from '../../api/trainingSurvey';

export const surveyKeys = {
  surveys: ['trainingSurvey', 'list'] as const,
  surveyList: (keyword: string, state?: SurveyState) => ['trainingSurvey', 'list', keyword, state ?? ''] as const,
  survey: (id: number) => ['trainingSurvey', 'one', id] as const,
  results: (id: number) => ['trainingSurvey', 'results', id] as const,
  honours: ['trainingHonour', 'list'] as const,
  honourList: (year?: number, kind?: HonourKind) => ['trainingHonour', 'list', year ?? 0, kind ?? ''] as const,
  candidates: (kind: HonourKind, keyword: string) => ['trainingHonour', 'candidates', kind, keyword] as const,
  mine: (where: 'portal' | 'h5') => ['trainingSurvey', 'mine', where] as const,
  myOne: (where: 'portal' | 'h5', id: number) => ['trainingSurvey', 'mine', where, id] as const,
  book: (year?: number) => ['trainingHonour', 'book', year ?? 0] as const,
};

export const useSurveys = (keyword: string, state?: SurveyState) =>
  useQuery({ queryKey: surveyKeys.surveyList(keyword, state), queryFn: () => listSurveys({ keyword, ...(state ? { state } : {}) }) });
export const useSurvey = (id: number | undefined) => useQuery({ queryKey: surveyKeys.survey(id ?? 0), queryFn: () => surveyOne(id!), enabled: !!id });
export const useSurveyResults = (id: number | undefined) =>
  useQuery({ queryKey: surveyKeys.results(id ?? 0), queryFn: () => surveyResults(id!), enabled: !!id });
export const useHonours = (year?: number, kind?: HonourKind) =>
  useQuery({ queryKey: surveyKeys.honourList(year, kind), queryFn: () => listHonours({ ...(year ? { year } : {}), ...(kind ? { kind } : {}) }) });
export const useHonourCandidates = (kind: HonourKind, keyword: string) =>
  useQuery({ queryKey: surveyKeys.candidates(kind, keyword), queryFn: () => honourCandidates(kind, keyword), staleTime: 30_000 });
export const useMySurveys = (where: 'portal' | 'h5') => useQuery({ queryKey: surveyKeys.mine(where), queryFn: () => mySurveys(where) });
export const useMySurvey = (where: 'portal' | 'h5', id: number | undefined) =>
  useQuery({ queryKey: surveyKeys.myOne(where, id ?? 0), queryFn: () => mySurvey(where, id!), enabled: !!id });
export const useHonourBook = (year?: number) => useQuery({ queryKey: surveyKeys.book(year), queryFn: () => honourBook(year) });

function useRefresh(key: readonly unknown[]) {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: key });
}

export function useSaveSurvey() {
  return useMutation({ mutationFn: saveSurvey, onSuccess: useRefresh(['trainingSurvey']) });
}
export function useDeleteSurvey() {
  return useMutation({ mutationFn: deleteSurvey, onSuccess: useRefresh(surveyKeys.surveys) });
}
export function useSendSurvey() {
  return useMutation({ mutationFn: sendSurvey, onSuccess: useRefresh(['trainingSurvey']) });
}
export function useCloseSurvey() {
  return useMutation({ mutationFn: closeSurvey, onSuccess: useRefresh(['trainingSurvey']) });
}
export function useSaveHonour() {
  return useMutation({ mutationFn: saveHonour, onSuccess: useRefresh(['trainingHonour']) });
}
export function useDeleteHonour() {
  return useMutation({ mutationFn: deleteHonour, onSuccess: useRefresh(['trainingHonour']) });
}
export function useAnswerSurvey(where: 'portal' | 'h5') {
  return useMutation({ mutationFn: (f: AnswerForm) => answerSurvey(where, f), onSuccess: useRefresh(surveyKeys.mine(where)) });
}
