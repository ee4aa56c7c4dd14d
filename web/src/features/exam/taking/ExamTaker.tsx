import MyExams from './MyExams';
import TakeExam from './TakeExam';
import type { TakerChannel } from '../../../api/exam';

/**
 * The taker's side of examinations for one channel (the portal's /gatewayExam, the phone page's /h5Course?exams):
 * the exams, or (attempt set) the attempt being taken or its result. The address holds the attempt, so a reload
 * continues it.
 */
export default function ExamTaker({ channel, attemptId, go }: { channel: TakerChannel; attemptId: number; go(attemptId: number): void }) {
  return attemptId > 0 ? (
    <TakeExam channel={channel} attemptId={attemptId} onBack={() => go(0)} />
  ) : (
    <MyExams channel={channel} onOpen={(_, a) => go(a)} />
  );
}
