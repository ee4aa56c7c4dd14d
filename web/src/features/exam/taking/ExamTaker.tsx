import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../api/queries';
import MyExams from './MyExams';
import TakeExam from './TakeExam';
import type { TakerChannel } from '../../../api/exam';

/**
 * The taker's side of examinations for one channel (the portal's /gatewayExam, the phone page's /h5Course?exams):
 * the exams, or (attempt set) the attempt being taken or its result. The address holds the attempt, so a reload
 * continues it. It brings the query client itself: the phone page is a public route, outside the shells' provider.
 */
export default function ExamTaker({ channel, attemptId, go }: { channel: TakerChannel; attemptId: number; go(attemptId: number): void }) {
  return (
    <QueryClientProvider client={queryClient}>
      {attemptId > 0 ? <TakeExam channel={channel} attemptId={attemptId} onBack={() => go(0)} /> : <MyExams channel={channel} onOpen={(_, a) => go(a)} />}
    </QueryClientProvider>
  );
}
