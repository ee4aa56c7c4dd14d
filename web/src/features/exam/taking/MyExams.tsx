import { Alert, Button, Empty, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { takerApis, type MyExam, type TakerChannel } from '../../../api/exam';
import { useMyExams } from '../../../api/hooks/exam';
import { useWrite } from '../../../api/hooks/useWrite';
import { myExamKeys } from '../../../api/hooks/exam';
import { useI18n } from '../../../i18n';
import { points } from '../examText';
import styles from './take.module.css';

const TIME = 'MM-DD HH:mm';

type Group = 'open' | 'upcoming' | 'done';

function groupOf(e: MyExam, now: number): Group {
  if (e.openAttempt > 0 || e.canStart) return 'open';
  if (Date.parse(e.opensAt) > now && e.attempts.length === 0) return 'upcoming';
  return 'done';
}

/** The taker's exams: open (start or continue), upcoming, done (with the result once the exam shows it). */
export default function MyExams({ channel, onOpen }: { channel: TakerChannel; onOpen(examId: number, attemptId: number): void }) {
  const { t } = useI18n();
  const q = useMyExams(channel);
  const start = useWrite((examId: number) => takerApis[channel].start(examId), [myExamKeys.all], {
    onSuccess: (a, examId) => onOpen(examId, a.attemptId),
  });
  if (q.isError) return <Alert type="error" showIcon message={t('common.loadFailed')} action={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>} />;
  if (!q.data) return <Spin className={styles.spin} />;
  const now = Date.now();
  const groups: Record<Group, MyExam[]> = { open: [], upcoming: [], done: [] };
  for (const e of q.data) groups[groupOf(e, now)].push(e);
  if (!q.data.length) return <Empty description={t('exam.my.none')} data-testid="exam-my-none" />;
  return (
    <div className={styles.my} data-testid="exam-my">
      {(['open', 'upcoming', 'done'] as const).map((g) =>
        groups[g].length ? (
          <section key={g}>
            <h2 className={styles.groupTitle}>{t(`exam.my.${g}`)}</h2>
            {groups[g].map((e) => (
              <div key={e.id} className={styles.examCard} data-testid={`exam-my-${e.id}`}>
                <div className={styles.examName}>{e.name}</div>
                <div className={styles.examMeta}>
                  {dayjs(e.opensAt).format(TIME)} ~ {dayjs(e.closesAt).format(TIME)} · {t('exam.minutesN', { n: e.durationMin })} ·{' '}
                  {t('exam.my.questions', { n: e.questions, total: points(e.total), pass: points(e.passMark) })}
                </div>
                {e.latestStart && g === 'open' && <div className={styles.examMeta}>{t('exam.my.latestStart', { at: dayjs(e.latestStart).format(TIME) })}</div>}
                {e.attempts.map((a) => (
                  <div key={a.attemptId} className={styles.examMeta} data-testid={`exam-my-result-${a.attemptId}`}>
                    {t('exam.my.attemptN', { n: a.no })}:{' '}
                    {a.result ? (
                      <>
                        <b>{t('exam.my.marks', { marks: points(a.result.marks) })}</b>{' '}
                        {a.result.pending > 0 ? (
                          <Tag color="orange">{t('exam.t.awaiting')}</Tag>
                        ) : (
                          <Tag color={a.result.passed ? 'green' : 'red'}>{t(a.result.passed ? 'exam.my.passed' : 'exam.my.failed')}</Tag>
                        )}
                      </>
                    ) : (
                      <Tag>{t('exam.my.notShown')}</Tag>
                    )}
                  </div>
                ))}
                {g === 'open' && (
                  <Button
                    type="primary"
                    block
                    className={styles.examGo}
                    loading={start.isPending && start.variables === e.id}
                    onClick={() => start.mutate(e.id)}
                    data-testid={`exam-my-start-${e.id}`}
                  >
                    {e.openAttempt ? t('exam.my.continue') : t('exam.my.start')}
                  </Button>
                )}
                {g === 'open' && e.attemptsAllowed > 1 && <div className={styles.examMeta}>{t('exam.my.attempts', { used: e.attemptsUsed, n: e.attemptsAllowed })}</div>}
              </div>
            ))}
          </section>
        ) : null,
      )}
    </div>
  );
}
