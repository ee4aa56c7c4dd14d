/**
 * Calls of training's questionnaires (/training_survey), honorary catalogue (/training_honour) and the learner's
 * side of both (portal /gatewayTraining, phone page /h5Course). The exports are the spec's 'questionnaires' and
 * 'honorary catalogue'.
 */
import { call, defineApis } from './client';
import type { components } from './schema';
import type { RequestBody } from './types';
import type { GetPath } from './routes';

type Schemas = components['schemas'];

export type Survey = Schemas['TrainingSurvey'];
export type SurveyState = Survey['state'];
export type Question = Schemas['TrainingQuestion'];
export type QuestionKind = Question['kind'];
export type SurveyForm = RequestBody<'/api/training/survey/add', 'post'>;
export type SurveyResults = Schemas['TrainingSurveyResults'];
export type QuestionResult = Schemas['TrainingQuestionResult'];
export type MySurvey = Schemas['TrainingMySurvey'];
export type AnswerForm = RequestBody<'/api/portal/training/survey/answer', 'post'>;
export type AnswerItem = NonNullable<AnswerForm['answers']>[number];
export type Honour = Schemas['TrainingHonour'];
export type HonourKind = Honour['kind'];
export type HonourForm = RequestBody<'/api/training/honour/add', 'post'>;
export type HonourBook = Schemas['TrainingHonourBook'];
export type HonourCandidate = Schemas['TrainingOption'];

export const QUESTION_KINDS = ['single', 'multiple', 'rating', 'text'] as const satisfies readonly QuestionKind[];
export const SURVEY_STATES = ['draft', 'sent', 'closed'] as const satisfies readonly SurveyState[];
export const HONOUR_KINDS = ['trainee', 'lecturer', 'class'] as const satisfies readonly HonourKind[];

export const SURVEY_EXPORT = '/api/training/survey/export' satisfies GetPath;
export const HONOUR_EXPORT = '/api/training/honour/export' satisfies GetPath;

const h5 = { auth: false, h5: true } as const;

const apis = defineApis({
  surveyList: { method: 'GET', path: '/api/training/survey/list' },
  surveyOne: { method: 'GET', path: '/api/training/survey/one' },
  surveyAdd: { method: 'POST', path: '/api/training/survey/add' },
  surveyEdit: { method: 'PUT', path: '/api/training/survey/edit' },
  surveyDel: { method: 'DELETE', path: '/api/training/survey/del' },
  surveySend: { method: 'PUT', path: '/api/training/survey/send' },
  surveyClose: { method: 'PUT', path: '/api/training/survey/close' },
  surveyResults: { method: 'GET', path: '/api/training/survey/results' },
  honourList: { method: 'GET', path: '/api/training/honour/list' },
  honourCandidates: { method: 'GET', path: '/api/training/honour/candidates' },
  honourAdd: { method: 'POST', path: '/api/training/honour/add' },
  honourEdit: { method: 'PUT', path: '/api/training/honour/edit' },
  honourDel: { method: 'DELETE', path: '/api/training/honour/del' },
  portalSurveys: { method: 'GET', path: '/api/portal/training/surveys' },
  portalSurvey: { method: 'GET', path: '/api/portal/training/survey' },
  portalAnswer: { method: 'POST', path: '/api/portal/training/survey/answer' },
  portalHonours: { method: 'GET', path: '/api/portal/training/honours' },
  h5Surveys: { method: 'GET', path: '/api/biapp/training/surveys', ...h5 },
  h5Survey: { method: 'GET', path: '/api/biapp/training/survey', ...h5 },
  h5Answer: { method: 'POST', path: '/api/biapp/training/survey/answer', ...h5 },
});

export const listSurveys = (p: { keyword?: string; state?: SurveyState }) => call(apis.surveyList, p);
export const surveyOne = (id: number) => call(apis.surveyOne, { id });
export const saveSurvey = (f: SurveyForm) => call(f.id ? apis.surveyEdit : apis.surveyAdd, { ...f });
export const deleteSurvey = (id: number) => call(apis.surveyDel, { id });
export const sendSurvey = (id: number) => call(apis.surveySend, { id });
export const closeSurvey = (id: number) => call(apis.surveyClose, { id });
export const surveyResults = (id: number) => call(apis.surveyResults, { id });

export const listHonours = (p: { year?: number; kind?: HonourKind }) => call(apis.honourList, p);
export const honourCandidates = (kind: HonourKind, keyword: string) => call(apis.honourCandidates, { kind, keyword });
export const saveHonour = (f: HonourForm) => call(f.id ? apis.honourEdit : apis.honourAdd, { ...f });
export const deleteHonour = (id: number) => call(apis.honourDel, { id });

export const mySurveys = (where: 'portal' | 'h5') => (where === 'portal' ? call(apis.portalSurveys) : call(apis.h5Surveys));
export const mySurvey = (where: 'portal' | 'h5', surveyId: number) =>
  where === 'portal' ? call(apis.portalSurvey, { surveyId }) : call(apis.h5Survey, { surveyId });
/** Answers a questionnaire; a refusal (answered already, a required question, past the deadline) is shown by the form. */
export const answerSurvey = (where: 'portal' | 'h5', f: AnswerForm) =>
  where === 'portal' ? call(apis.portalAnswer, { ...f }, { silent: true }) : call(apis.h5Answer, { ...f }, { silent: true });
export const honourBook = (year?: number) => call(apis.portalHonours, year ? { year } : undefined);
