import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Radio, Result, Space, Spin, Tag, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloudUploadOutlined, LoadingOutlined, WifiOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, CODE_NETWORK } from '../../../api/client';
import { takerApis, type AttemptView, type TakerChannel, type TakerQuestion } from '../../../api/exam';
import { myExamKeys } from '../../../api/hooks/exam';
import { useI18n } from '../../../i18n';
import { answerText, clock, isEmptyAnswer, points } from '../examText';
import { Picture, Pictures, PictureSourceProvider } from '../ExamPictures';
import { AnswerQueue, type SaveState } from './answerQueue';
import styles from './take.module.css';

/** An event report that did not reach the server: the taker goes on (it is a record for the examiner only). */
const keepTaking = (): void => undefined;

/** Text answers are sent this long after the last key stroke (well within a second); choices at once. */
const TYPE_DELAY = 400;

const storageKey = (channel: TakerChannel, attemptId: number) => `bd.exam.${channel}.${attemptId}`;

/**
 * One attempt being taken: the questions in the taker's order, the countdown from the server's deadline (the offset to
 * the server's clock corrected by every answer of the server), each change saved through the answer queue with its
 * state per question, leave/blur/paste reported, submission confirmed (and automatic at the deadline).
 */
export default function TakeExam({ channel, attemptId, onBack }: { channel: TakerChannel; attemptId: number; onBack(): void }) {
  const { t } = useI18n();
  const api = takerApis[channel];
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: myExamKeys.one(channel, attemptId),
    queryFn: () => api.attempt(attemptId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnMount: 'always',
  });
  if (q.isError) return <Alert type="error" showIcon message={t('common.loadFailed')} action={<Button onClick={onBack}>{t('exam.t.back')}</Button>} />;
  if (!q.data) return <Spin className={styles.spin} />;
  if (q.data.state !== 'open')
    return (
      <Done
        view={q.data}
        onBack={() => {
          void qc.invalidateQueries({ queryKey: myExamKeys.all });
          onBack();
        }}
      />
    );
  return (
    // the pictures of this attempt's questions, through the taker's own route (web session or h5Token)
    <PictureSourceProvider source={{ channel, attemptId: q.data.attemptId }}>
      <Taking key={q.data.attemptId} channel={channel} view={q.data} onDone={() => void q.refetch()} />
    </PictureSourceProvider>
  );
}

function Taking({ channel, view, onDone }: { channel: TakerChannel; view: AttemptView; onDone(): void }) {
  const { t } = useI18n();
  const api = takerApis[channel];
  // the server's clock minus ours; corrected by each answer of the server
  const offset = useRef(Date.parse(view.serverNow) - Date.now());
  const deadline = Date.parse(view.deadline);
  const [refused, setRefused] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const finished = useRef(false);
  const queue = useMemo(() => {
    const seqs: Record<number, number> = {};
    for (const qu of view.questions) if (qu.seq > 0) seqs[qu.questionId] = qu.seq;
    return new AnswerQueue(
      {
        key: storageKey(channel, view.attemptId),
        storage: typeof localStorage === 'undefined' ? null : localStorage,
        send: (c) => api.save({ attemptId: view.attemptId, questionId: c.questionId, seq: c.seq, response: c.response ?? null }, { silent: true, timeout: 15_000 }),
        retryable: (e) => e instanceof ApiError && e.code === CODE_NETWORK,
        onRefused: (e) => setRefused(e instanceof Error ? e.message : String(e)),
        onServerTime: (savedAt, sentAt, answeredAt) => {
          const server = Date.parse(savedAt);
          if (Number.isFinite(server)) offset.current = server - (sentAt + answeredAt) / 2;
        },
      },
      seqs,
    );
  }, [api, channel, view]);
  const version = useSyncExternalStore(
    useCallback((fn: () => void) => queue.subscribe(fn), [queue]),
    () => queue.version,
  );
  // the answers shown: the server's, then the unsent ones left from before a reload
  const [answers, setAnswers] = useState<Record<number, unknown>>(() => {
    const a: Record<number, unknown> = {};
    for (const qu of view.questions) a[qu.questionId] = qu.response ?? undefined;
    for (const c of queue.pending()) a[c.questionId] = c.response;
    return a;
  });
  const answersRef = useRef(answers);
  useEffect(() => {
    answersRef.current = answers;
  }, [answers]);
  useEffect(() => {
    queue.start();
    const online = () => queue.online();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [queue]);

  // text inputs: sent after a pause in typing
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const change = (qu: TakerQuestion, value: unknown, typed = false) => {
    setAnswers((a) => ({ ...a, [qu.questionId]: value }));
    const old = timers.current.get(qu.questionId);
    if (old) clearTimeout(old);
    if (!typed) {
      queue.change(qu.questionId, value);
      return;
    }
    timers.current.set(
      qu.questionId,
      setTimeout(() => {
        timers.current.delete(qu.questionId);
        queue.change(qu.questionId, value);
      }, TYPE_DELAY),
    );
  };
  const flushTyping = () => {
    for (const [qid, tm] of timers.current) {
      clearTimeout(tm);
      queue.change(qid, answersRef.current[qid]);
    }
    timers.current.clear();
  };

  const submit = useCallback(
    async (why: 'taker' | 'time') => {
      if (finished.current) return;
      finished.current = true;
      setSubmitting(true);
      flushTyping();
      await Promise.race([queue.settle(), new Promise((r) => setTimeout(r, 5000))]);
      try {
        await api.submit(view.attemptId, { silent: why === 'time' });
      } catch {
        // at the deadline the server submits the attempt itself; the result page reads its state
      }
      queue.stop();
      onDone();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, queue, view.attemptId, onDone],
  );

  // the countdown
  const left = () => Math.round((deadline - (Date.now() + offset.current)) / 1000);
  const [secondsLeft, setSecondsLeft] = useState(left);
  useEffect(() => {
    const id = setInterval(() => {
      const s = left();
      setSecondsLeft(s);
      if (s <= 0) void submit('time');
    }, 500);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline, submit]);

  // leaving the page, losing focus, pasting: reported for the examiner (a report that fails must not stop the taker)
  useEffect(() => {
    const report = (kind: 'leave' | 'blur' | 'paste') =>
      void api.event(view.attemptId, kind).then(
        (r) => {
          if ((r as { submitted?: boolean }).submitted && !finished.current) {
            finished.current = true;
            queue.stop();
            onDone();
          }
        },
        keepTaking,
      );
    const vis = () => document.visibilityState === 'hidden' && report('leave');
    const blur = () => report('blur');
    const paste = () => report('paste');
    document.addEventListener('visibilitychange', vis);
    window.addEventListener('blur', blur);
    document.addEventListener('paste', paste);
    return () => {
      document.removeEventListener('visibilitychange', vis);
      window.removeEventListener('blur', blur);
      document.removeEventListener('paste', paste);
    };
  }, [api, view.attemptId, queue, onDone]);

  const answered = view.questions.filter((qu) => !isEmptyAnswer(qu.type, answers[qu.questionId])).length;
  const unsent = queue.unsent();
  const offline = queue.isOffline();
  const confirmSubmit = () =>
    Modal.confirm({
      title: t('exam.t.submitConfirm'),
      content: (
        <>
          <p>{t('exam.t.submitLine', { answered, n: view.questions.length })}</p>
          {unsent > 0 && <Alert type="warning" showIcon message={t('exam.t.submitUnsent', { n: unsent })} />}
        </>
      ),
      okText: t('exam.t.submit'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'exam-t-submit-ok' },
      onOk: () => submit('taker'),
    });

  return (
    <div className={styles.take} data-testid="exam-take" data-version={version}>
      <div className={styles.bar}>
        <div className={styles.title}>{view.examName}</div>
        <Space size={8} wrap>
          <span className={secondsLeft <= 60 ? styles.clockLow : styles.clock} data-testid="exam-t-clock" data-seconds={Math.max(0, secondsLeft)}>
            <ClockCircleOutlined /> {clock(secondsLeft)}
          </span>
          <span className={styles.progress}>{t('exam.t.progress', { answered, n: view.questions.length })}</span>
          {offline ? (
            <Tag color="orange" icon={<WifiOutlined />} data-testid="exam-t-offline">
              {t('exam.t.offline', { n: unsent })}
            </Tag>
          ) : null}
        </Space>
      </div>
      {refused && <Alert type="error" showIcon closable onClose={() => setRefused(null)} message={refused} style={{ marginBottom: 12 }} />}
      {view.leaveLimit > 0 && <Alert type="info" showIcon message={t('exam.t.leaveLimit', { n: view.leaveLimit })} style={{ marginBottom: 12 }} />}
      <ol className={styles.list}>
        {view.questions.map((qu, i) => (
          <QuestionCard key={qu.questionId} n={i + 1} q={qu} value={answers[qu.questionId]} state={queue.state(qu.questionId)} onChange={change} disabled={submitting} />
        ))}
      </ol>
      <div className={styles.footer}>
        <Button type="primary" size="large" block loading={submitting} onClick={confirmSubmit} data-testid="exam-t-submit">
          {t('exam.t.submit')}
        </Button>
      </div>
    </div>
  );
}

function StateTag({ state }: { state: SaveState }) {
  const { t } = useI18n();
  if (state === 'none') return <span className={styles.stateNone}>{t('exam.t.state.none')}</span>;
  if (state === 'saved')
    return (
      <span className={styles.stateSaved} data-state="saved">
        <CheckCircleOutlined /> {t('exam.t.state.saved')}
      </span>
    );
  if (state === 'waiting')
    return (
      <span className={styles.stateWaiting} data-state="waiting">
        <CloudUploadOutlined /> {t('exam.t.state.waiting')}
      </span>
    );
  return (
    <span className={styles.stateSaving} data-state="saving">
      <LoadingOutlined /> {t('exam.t.state.saving')}
    </span>
  );
}

function QuestionCard({
  n,
  q,
  value,
  state,
  onChange,
  disabled,
}: {
  n: number;
  q: TakerQuestion;
  value: unknown;
  state: SaveState;
  onChange(q: TakerQuestion, v: unknown, typed?: boolean): void;
  disabled: boolean;
}) {
  const { t } = useI18n();
  const blanks = Array.from({ length: Math.max(1, q.blanks) }, (_, i) => (Array.isArray(value) ? String(value[i] ?? '') : ''));
  return (
    <li className={styles.card} data-testid={`exam-t-q-${n}`} data-question={q.questionId}>
      <div className={styles.head}>
        <span className={styles.no}>{n}</span>
        <Tag>{t(`exam.type.${q.type}`)}</Tag>
        <span className={styles.points}>{t('exam.pointsN', { n: points(q.points) })}</span>
        <span className={styles.state} data-testid={`exam-t-state-${n}`}>
          <StateTag state={state} />
        </span>
      </div>
      <div className={styles.stem}>{q.stem}</div>
      {q.images?.length ? (
        <div className={styles.pictures}>
          <Pictures ids={q.images} label={t('exam.pic.stem')} />
        </div>
      ) : null}
      {q.type === 'single' && (
        <Radio.Group className={styles.options} value={value} disabled={disabled} onChange={(e) => onChange(q, e.target.value)}>
          {(q.options ?? []).map((o, i) => (
            <div key={o.key}>
              <Radio value={o.key} data-testid={`exam-t-opt-${n}-${i}`}>
                {String.fromCharCode(65 + i)}. {o.text}
              </Radio>
              <OptionPicture id={o.image} letter={String.fromCharCode(65 + i)} />
            </div>
          ))}
        </Radio.Group>
      )}
      {q.type === 'multiple' && (
        <Checkbox.Group className={styles.options} value={Array.isArray(value) ? (value as string[]) : []} disabled={disabled} onChange={(v) => onChange(q, [...v].sort())}>
          {(q.options ?? []).map((o, i) => (
            <div key={o.key}>
              <Checkbox value={o.key} data-testid={`exam-t-opt-${n}-${i}`}>
                {String.fromCharCode(65 + i)}. {o.text}
              </Checkbox>
              <OptionPicture id={o.image} letter={String.fromCharCode(65 + i)} />
            </div>
          ))}
        </Checkbox.Group>
      )}
      {q.type === 'judge' && (
        <Radio.Group className={styles.options} value={value} disabled={disabled} onChange={(e) => onChange(q, e.target.value)}>
          <Radio value={true} data-testid={`exam-t-opt-${n}-0`}>
            {t('exam.true')}
          </Radio>
          <Radio value={false} data-testid={`exam-t-opt-${n}-1`}>
            {t('exam.false')}
          </Radio>
        </Radio.Group>
      )}
      {q.type === 'fill' && (
        <div className={styles.options}>
          {blanks.map((b, i) => (
            <Input
              key={i}
              addonBefore={t('exam.q.blankN', { n: i + 1 })}
              value={b}
              disabled={disabled}
              maxLength={500}
              data-testid={`exam-t-blank-${n}-${i}`}
              onChange={(e) => onChange(q, blanks.map((x, j) => (j === i ? e.target.value : x)), true)}
            />
          ))}
        </div>
      )}
      {q.type === 'short' && (
        <Input.TextArea
          rows={4}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          maxLength={4000}
          data-testid={`exam-t-text-${n}`}
          onChange={(e) => onChange(q, e.target.value, true)}
        />
      )}
    </li>
  );
}

/** An option's picture under its choice (not inside the label: opening it large does not choose the option). */
function OptionPicture({ id, letter }: { id?: number; letter: string }) {
  const { t } = useI18n();
  if (!id) return null;
  return (
    <div className={styles.optionPicture}>
      <Picture id={id} alt={t('exam.pic.option', { key: letter })} size="option" />
    </div>
  );
}

/** A submitted attempt: its result once the exam shows it, else when it will be shown. */
function Done({ view, onBack }: { view: AttemptView; onBack(): void }) {
  const { t } = useI18n();
  const r = view.result;
  const judge = { yes: t('exam.true'), no: t('exam.false') };
  return (
    <div className={styles.take} data-testid="exam-t-done">
      <Result
        status={r ? (r.passed ? 'success' : r.pending > 0 ? 'info' : 'warning') : 'success'}
        title={t('exam.t.submitted')}
        subTitle={
          r
            ? r.pending > 0
              ? t('exam.t.resultPending', { marks: points(r.marks), total: points(view.total), n: r.pending })
              : t(r.passed ? 'exam.t.resultPassed' : 'exam.t.resultFailed', { marks: points(r.marks), total: points(view.total) })
            : t('exam.t.resultLater')
        }
        extra={
          <Button onClick={onBack} data-testid="exam-t-back">
            {t('exam.t.back')}
          </Button>
        }
      />
      {r && (
        <ol className={styles.list}>
          {view.questions.map((qu, i) => {
            const item = r.items.find((x) => x.questionId === qu.questionId);
            return (
              <li key={qu.questionId} className={styles.card}>
                <div className={styles.head}>
                  <span className={styles.no}>{i + 1}</span>
                  <Tag>{t(`exam.type.${qu.type}`)}</Tag>
                  <span className={styles.points}>
                    {item?.marks == null ? t('exam.t.awaiting') : `${points(item.marks)} / ${points(qu.points)}`}
                  </span>
                </div>
                <div className={styles.stem}>{qu.stem}</div>
                {(qu.images?.length || qu.options?.some((o) => o.image)) && (
                  <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
                    {t('exam.pic.afterSubmit')}
                  </Typography.Paragraph>
                )}
                {(qu.options ?? []).map((o) => (
                  <div key={o.key}>
                    {o.key}. {o.text}
                  </div>
                ))}
                <Typography.Paragraph style={{ margin: '6px 0 0' }}>
                  {t('exam.t.yours')}: {answerText(qu.type, qu.response, judge) || '—'}
                  <br />
                  {t('exam.col.answer')}: {answerText(qu.type, item?.key, judge)}
                </Typography.Paragraph>
                {item?.explanation && <Typography.Text type="secondary">{item.explanation}</Typography.Text>}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
