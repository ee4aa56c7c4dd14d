import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Input, Modal, Radio, Rate, Select, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { toast } from '../../api/client';
import type { AnswerItem, MySurvey } from '../../api/trainingSurvey';
import { t, useI18n } from '../../i18n';
import { HonourKindTag } from './HonourPage';
import { useAnswerSurvey, useHonourBook, useMySurvey, useMySurveys } from './surveyQueries';

/** The questionnaires sent to the caller (the portal's /gatewayTraining, the phone page): to answer first, then
 * those answered or closed; answering opens the questions. */
export function MySurveys({ where, compact }: { where: 'portal' | 'h5'; compact?: boolean }) {
  useI18n();
  const list = useMySurveys(where);
  const [open, setOpen] = useState<number>();
  if (list.isLoading) return <Spin />;
  const rows = list.data ?? [];
  if (!rows.length) return <Empty description={t('training.mySurvey.none')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="my-surveys">
      {rows.map((s) => (
        <Card key={s.id} size="small" data-testid={`my-survey-${s.id}`}>
          <Space direction={compact ? 'vertical' : 'horizontal'} style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{s.title}</Typography.Text>
              <Typography.Text type="secondary">
                {t('training.mySurvey.deadline', { at: dayjs(s.deadline).format('YYYY-MM-DD HH:mm') })}
                {s.className ? ` · ${s.className}` : ''}
                {s.anonymous ? ` · ${t('training.survey.anonymous')}` : ''}
              </Typography.Text>
            </Space>
            {s.open ? (
              <Button type="primary" onClick={() => setOpen(s.id)} data-testid={`my-survey-answer-${s.id}`}>
                {t('training.mySurvey.answer')}
              </Button>
            ) : (
              <Tag color={s.answeredAt ? 'success' : 'default'}>{t(s.answeredAt ? 'training.mySurvey.answered' : 'training.mySurvey.over')}</Tag>
            )}
          </Space>
        </Card>
      ))}
      {open && <AnswerDialog where={where} id={open} onClose={() => setOpen(undefined)} />}
    </Space>
  );
}

function AnswerDialog({ where, id, onClose }: { where: 'portal' | 'h5'; id: number; onClose(): void }) {
  const one = useMySurvey(where, id);
  const answer = useAnswerSurvey(where);
  const [values, setValues] = useState<Record<number, AnswerItem>>({});
  const [error, setError] = useState('');
  const s: MySurvey | undefined = one.data;
  const set = (qid: number, part: Partial<AnswerItem>) =>
    setValues((v) => ({ ...v, [qid]: { ...(v[qid] ?? { questionId: qid, choices: [], text: '', rating: 0 }), ...part } }));
  const submit = () =>
    answer.mutateAsync({ surveyId: id, answers: Object.values(values) }).then(
      () => {
        toast('success', t('training.mySurvey.thanks'));
        onClose();
      },
      (e: unknown) => setError(e instanceof Error ? e.message : t('msg.operationException')),
    );
  return (
    <Modal
      open
      width={640}
      title={s?.title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('training.mySurvey.submit')}
      okButtonProps={{ loading: answer.isPending, ...({ 'data-testid': 'my-survey-submit' } as object) }}
      destroyOnClose
    >
      {!s ? (
        <Spin />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="my-survey-form">
          {s.description && <Typography.Paragraph type="secondary">{s.description}</Typography.Paragraph>}
          {s.anonymous && <Alert type="info" showIcon message={t('training.mySurvey.anonymousNote')} />}
          {s.questions.map((q) => (
            <div key={q.id} data-testid={`my-survey-q-${q.sort}`}>
              <Typography.Text strong>
                {q.sort}. {q.title}
                {q.required && <span style={{ color: 'var(--bd-color-error)' }}> *</span>}
              </Typography.Text>
              <div style={{ marginTop: 6 }}>
                {q.kind === 'single' && (
                  <Radio.Group value={values[q.id]?.choices[0]} onChange={(e) => set(q.id, { choices: [e.target.value as number] })}>
                    <Space direction="vertical">
                      {q.options.map((o, i) => (
                        <Radio key={i} value={i + 1}>
                          {o}
                        </Radio>
                      ))}
                    </Space>
                  </Radio.Group>
                )}
                {q.kind === 'multiple' && (
                  <Checkbox.Group value={values[q.id]?.choices ?? []} onChange={(v) => set(q.id, { choices: v as number[] })}>
                    <Space direction="vertical">
                      {q.options.map((o, i) => (
                        <Checkbox key={i} value={i + 1}>
                          {o}
                        </Checkbox>
                      ))}
                    </Space>
                  </Checkbox.Group>
                )}
                {q.kind === 'rating' && <Rate value={values[q.id]?.rating ?? 0} onChange={(n) => set(q.id, { rating: n })} />}
                {q.kind === 'text' && (
                  <Input.TextArea rows={3} maxLength={1000} value={values[q.id]?.text ?? ''} onChange={(e) => set(q.id, { text: e.target.value })} />
                )}
              </div>
            </div>
          ))}
          {error && <Alert type="error" showIcon message={error} data-testid="my-survey-error" />}
        </Space>
      )}
    </Modal>
  );
}

/** The honorary catalogue of a year for staff: outstanding trainees, lecturers and classes with their citations. */
export function HonourBookView() {
  useI18n();
  const [year, setYear] = useState<number>();
  const book = useHonourBook(year);
  const b = book.data;
  if (book.isLoading) return <Spin />;
  if (!b || !b.items.length) return <Empty description={t('training.honour.none')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="honour-book">
      <Select value={b.year} onChange={setYear} options={b.years.map((y) => ({ value: y, label: t('training.honour.yearN', { n: y }) }))} style={{ width: 140 }} />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 12 }}>
        {b.items.map((h) => (
          <Card key={h.id} size="small" data-testid={`honour-card-${h.id}`}>
            <Space direction="vertical" size={4}>
              <Space>
                <HonourKindTag kind={h.kind} />
                <Typography.Text strong>{h.name}</Typography.Text>
              </Space>
              {h.unitLabel && <Typography.Text type="secondary">{h.unitLabel}</Typography.Text>}
              <Typography.Paragraph style={{ marginBottom: 0 }}>{h.citation}</Typography.Paragraph>
            </Space>
          </Card>
        ))}
      </div>
    </Space>
  );
}
