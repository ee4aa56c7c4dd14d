/** Examinations: the bank, papers, exams, marking and grades (api/exam.ts), and the taker's list. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  attemptEvents,
  correctKey,
  deleteExam,
  examCorrections,
  examQuestions,
  fetchPicture,
  deletePaper,
  deleteQuestion,
  examAnalysis,
  examGrades,
  getExam,
  getPaper,
  listExams,
  listPapers,
  markAnswer,
  markingQueue,
  previewPaper,
  releaseExam,
  saveExam,
  savePaper,
  saveQuestion,
  takerApis,
  type PictureSource,
  type TakerChannel,
} from '../exam';
import { resourceKeys } from './keys';
import { useWrite } from './useWrite';

/** The bank's questions; papers; exams with their figures, grades, analysis and the marking queue; the taker's. */
export const questionKeys = resourceKeys('examQuestions');
export const paperKeys = resourceKeys('examPapers');
export const examKeys = resourceKeys('exams');
export const myExamKeys = resourceKeys('myExams');

export const usePapers = () => useQuery({ queryKey: paperKeys.list(), queryFn: listPapers });
export const usePaper = (id: number) => useQuery({ queryKey: paperKeys.one(id), queryFn: () => getPaper(id), enabled: id > 0 });
export const usePaperPreview = (id: number) =>
  useQuery({ queryKey: paperKeys.of('preview', id), queryFn: () => previewPaper(id), enabled: id > 0, staleTime: 0, gcTime: 0 });

export const useExams = (keyword: string) =>
  useQuery({ queryKey: examKeys.list({ keyword }), queryFn: () => listExams(keyword ? { keyword } : {}), placeholderData: keepPreviousData });
/** One exam with its audience (the list's rows carry no audience). */
export const useExam = (id: number) => useQuery({ queryKey: examKeys.one(id), queryFn: () => getExam(id), enabled: id > 0, staleTime: 60_000 });
export const useGrades = (examId: number) => useQuery({ queryKey: examKeys.of('grades', examId), queryFn: () => examGrades(examId), enabled: examId > 0 });
export const useAnalysis = (examId: number) =>
  useQuery({ queryKey: examKeys.of('analysis', examId), queryFn: () => examAnalysis(examId), enabled: examId > 0 });
export const useMarkingQueue = (examId: number) => useQuery({ queryKey: examKeys.of('queue', examId), queryFn: () => markingQueue(examId) });

export const useExamQuestions = (examId: number) =>
  useQuery({ queryKey: examKeys.of('questions', examId), queryFn: () => examQuestions(examId), enabled: examId > 0 });
export const useKeyCorrections = (examId: number) =>
  useQuery({ queryKey: examKeys.of('corrections', examId), queryFn: () => examCorrections(examId), enabled: examId > 0 });
export const useAttemptEvents = (attemptId: number) =>
  useQuery({ queryKey: examKeys.of('events', attemptId), queryFn: () => attemptEvents(attemptId), enabled: attemptId > 0 });

export const useCorrectKey = () => useWrite(correctKey, [examKeys.all, questionKeys.all]);
export const useSaveQuestion = () => useWrite(saveQuestion, [questionKeys.all, paperKeys.all]);
export const useDeleteQuestion = () => useWrite(deleteQuestion, [questionKeys.all]);
export const useSavePaper = () => useWrite(savePaper, [paperKeys.all]);
export const useDeletePaper = () => useWrite(deletePaper, [paperKeys.all]);
export const useSaveExam = () => useWrite(saveExam, [examKeys.all, paperKeys.all]);
export const useDeleteExam = () => useWrite(deleteExam, [examKeys.all, paperKeys.all]);
export const useReleaseExam = () => useWrite(releaseExam, [examKeys.all]);
export const useMarkAnswer = () => useWrite(markAnswer, [examKeys.all]);

/** The taker's exams (open, upcoming, done), on the portal or the phone page. */
export const useMyExams = (channel: TakerChannel) => useQuery({ queryKey: myExamKeys.list(channel), queryFn: () => takerApis[channel].mine() });

/** Pictures of stems and options: the bytes by source and file id (the examiners' route, a taker's attempt). */
export const pictureKeys = resourceKeys('examPictures');
const pictureKey = (src: PictureSource, id: number) => pictureKeys.one(src.channel, src.channel === 'examiner' ? 0 : src.attemptId, id);

/** A picture's bytes, asked once with the caller's credentials and kept while shown (a refusal is not retried). */
export const usePicture = (src: PictureSource, id: number) =>
  useQuery({
    queryKey: pictureKey(src, id),
    queryFn: ({ signal }) => fetchPicture(src, id, signal),
    enabled: id > 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Keeps a picture just uploaded as the examiners' bytes of that id: the route serves a picture only once its question
 *  is saved, so the editor shows the file the examiner chose. */
export function useKeepPicture() {
  const qc = useQueryClient();
  return (id: number, file: Blob) => qc.setQueryData(pictureKey({ channel: 'examiner' }, id), file);
}
