/**
 * An exam's questions with their keys, the correction of a key (preview of what it changes, a confirmation when the
 * takers already see their results, then every attempt marked again) and the exam's history of corrections. Shown
 * in /exam_grade (tabs) and /exam_manage (a drawer). docs/decisions/0020-examinations.md.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Empty, Input, Modal, Radio, Space, Spin, Table, Tag, Typography } from 'antd';
import { toast } from '../../api/client';
import type { ExamPaperQuestion, KeyCorrection, Remarked } from '../../api/exam';
import { previewKey } from '../../api/exam';
import { useCorrectKey, useExamQuestions, useKeyCorrections } from '../../api/hooks/exam';
import { shownByClient } from '../../api/hooks/useWrite';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { Picture, Pictures } from './ExamPictures';
import { answerText } from './examText';

const OBJECTIVE = ['single', 'multiple', 'judge', 'fill'];

/** The key editor's value: the type's form of the key (fill-in: one text of alternatives apart by ; per blank). */
type Draft = { single?: string; multiple?: string[]; judge?: boolean; blanks?: string[] };

function draftOf(q: ExamPaperQuestion): Draft {
  const a: unknown = q.answer;
  switch (q.type) {
    case 'single':
      return { single: typeof a === 'string' ? a : undefined };
    case 'multiple':
      return { multiple: Array.isArray(a) ? (a as string[]) : [] };
    case 'judge':
      return { judge: a === true };
    default:
      return { blanks: Array.isArray(a) ? (a as string[][]).map((alts) => alts.join('; ')) : [''] };
  }
}

function answerOf(type: string, d: Draft): unknown {
  switch (type) {
    case 'single':
      return d.single ?? '';
    case 'multiple':
      return d.multiple ?? [];
    case 'judge':
      return d.judge ?? true;
    default:
      return (d.blanks ?? []).map((b) =>
        b
          .split(/[;；]/)
          .map((x) => x.trim())
          .filter(Boolean),
      );
  }
}

function KeyDialog({ examId, question, onClose }: { examId: number; question: ExamPaperQuestion; onClose: () => void }) {
  const { t } = useI18n();
  const judge = { yes: t('exam.true'), no: t('exam.false') };
  const [draft, setDraft] = useState<Draft>(() => draftOf(question));
  const [preview, setPreview] = useState<Remarked | null>(null);
  const [checking, setChecking] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const correct = useCorrectKey();
  const edit = (d: Draft) => {
    setDraft(d);
    setPreview(null);
    setConfirmed(false);
  };
  const form = () => ({ id: question.questionId, versionId: question.versionId, examId, answer: answerOf(question.type, draft) });
  const check = () => {
    setChecking(true);
    previewKey(form())
      .then(setPreview, shownByClient)
      .finally(() => setChecking(false));
  };
  const shown = (preview?.exams ?? []).filter((x) => x.shown && x.changed > 0);
  const apply = () =>
    correct.mutateAsync({ ...form(), confirmShown: confirmed }).then((r) => {
      toast('success', t('exam.k.done', { n: r.attempts, changed: r.changed }));
      onClose();
    }, shownByClient);
  return (
    <Modal
      open
      width={640}
      title={t('exam.k.title', { id: question.questionId, version: question.version })}
      onCancel={onClose}
      okText={t('exam.k.apply')}
      okButtonProps={{ disabled: !preview || (shown.length > 0 && !confirmed), loading: correct.isPending, 'data-testid': 'exam-k-apply' }}
      onOk={() => void apply()}
      destroyOnHidden
    >
      <div data-testid="exam-k-dialog">
        <div style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>{question.stem}</div>
        {question.images.length > 0 && (
          <div style={{ marginBottom: 8 }}>
            <Pictures ids={question.images} label={t('exam.pic.stem')} size="thumb" />
          </div>
        )}
        <Typography.Paragraph type="secondary">
          {t('exam.k.current')}: <b data-testid="exam-k-current">{answerText(question.type, question.answer, judge)}</b>
        </Typography.Paragraph>
        <Typography.Text strong>{t('exam.k.new')}</Typography.Text>
        <div style={{ margin: '8px 0 12px' }} data-testid="exam-k-editor">
          {question.type === 'single' && (
            <Radio.Group value={draft.single} onChange={(e) => edit({ single: e.target.value as string })}>
              <Space direction="vertical">
                {question.options.map((o) => (
                  <Space key={o.key} align="start">
                    <Radio value={o.key} data-testid={`exam-k-opt-${o.key}`}>
                      {o.key}. {o.text}
                    </Radio>
                    {o.image ? <Picture id={o.image} alt={t('exam.pic.option', { key: o.key })} size="mini" /> : null}
                  </Space>
                ))}
              </Space>
            </Radio.Group>
          )}
          {question.type === 'multiple' && (
            <Checkbox.Group value={draft.multiple} onChange={(v) => edit({ multiple: v as string[] })}>
              <Space direction="vertical">
                {question.options.map((o) => (
                  <Space key={o.key} align="start">
                    <Checkbox value={o.key} data-testid={`exam-k-opt-${o.key}`}>
                      {o.key}. {o.text}
                    </Checkbox>
                    {o.image ? <Picture id={o.image} alt={t('exam.pic.option', { key: o.key })} size="mini" /> : null}
                  </Space>
                ))}
              </Space>
            </Checkbox.Group>
          )}
          {question.type === 'judge' && (
            <Radio.Group value={draft.judge} onChange={(e) => edit({ judge: e.target.value as boolean })}>
              <Radio value data-testid="exam-k-true">
                {judge.yes}
              </Radio>
              <Radio value={false} data-testid="exam-k-false">
                {judge.no}
              </Radio>
            </Radio.Group>
          )}
          {question.type === 'fill' && (
            <Space direction="vertical" style={{ width: '100%' }}>
              {(draft.blanks ?? []).map((b, i) => (
                <Input
                  key={i}
                  addonBefore={t('exam.k.blank', { n: i + 1 })}
                  value={b}
                  placeholder={t('exam.k.alternatives')}
                  onChange={(e) => edit({ blanks: (draft.blanks ?? []).map((x, j) => (j === i ? e.target.value : x)) })}
                  data-testid={`exam-k-blank-${i}`}
                />
              ))}
              <Typography.Text type="secondary">{t('exam.k.alternativesHint')}</Typography.Text>
            </Space>
          )}
        </div>
        <Button onClick={check} loading={checking} data-testid="exam-k-preview">
          {t('exam.k.preview')}
        </Button>
        {preview && (
          <div style={{ marginTop: 12 }} data-testid="exam-k-impact">
            <Alert
              type={preview.changed > 0 ? 'warning' : 'info'}
              showIcon
              message={t('exam.k.impact', { n: preview.attempts, changed: preview.changed, pass: preview.passChanged })}
              description={
                preview.exams.length > 0 ? (
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {preview.exams.map((x) => (
                      <li key={x.id}>
                        {t('exam.k.impactExam', { name: x.name, n: x.attempts, changed: x.changed })}
                        {x.shown && <Tag color="orange" style={{ marginLeft: 6 }}>{t('exam.k.shown')}</Tag>}
                      </li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
            {shown.length > 0 && (
              <Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} style={{ marginTop: 8 }} data-testid="exam-k-confirm">
                {t('exam.k.confirmShown')}
              </Checkbox>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}

/** The exam's question versions with their keys; a key of an objective question can be corrected. */
export function ExamQuestionsPanel({ examId }: { examId: number }) {
  const { t } = useI18n();
  const q = useExamQuestions(examId);
  const [editing, setEditing] = useState<ExamPaperQuestion | null>(null);
  const judge = { yes: t('exam.true'), no: t('exam.false') };
  if (q.isError) return <Alert type="error" showIcon message={t('common.loadFailed')} />;
  if (!q.data) return <Spin />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('exam.k.hint')}</Typography.Paragraph>
      <Table<ExamPaperQuestion>
        size="small"
        rowKey="versionId"
        dataSource={q.data}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={t('exam.k.none')} /> }}
        data-testid="exam-k-table"
        columns={[
          { title: t('exam.col.id'), dataIndex: 'questionId', width: 72 },
          { title: t('exam.k.version'), dataIndex: 'version', width: 64, align: 'right' },
          { title: t('exam.col.type'), dataIndex: 'type', width: 88, render: (v: string) => <Tag>{t(`exam.type.${v}` as 'exam.type.single')}</Tag> },
          {
            title: t('exam.col.stem'),
            dataIndex: 'stem',
            render: (v: string, r) => (
              <div>
                <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 480 }}>
                  {v}
                </Typography.Text>
                {r.options.length > 0 && (
                  <div style={{ color: 'var(--bd-color-text-secondary, #888)', fontSize: 12 }}>{r.options.map((o) => `${o.key}. ${o.text}`).join('　')}</div>
                )}
              </div>
            ),
          },
          {
            title: t('exam.col.answer'),
            dataIndex: 'answer',
            width: 140,
            render: (v: unknown, r) => <b data-testid={`exam-k-key-${r.questionId}`}>{answerText(r.type, v, judge)}</b>,
          },
          { title: t('exam.k.attempts'), dataIndex: 'attempts', width: 88, align: 'right' },
          { title: t('exam.k.corrections'), dataIndex: 'corrections', width: 88, align: 'right' },
          {
            title: t('list.actions'),
            key: 'actions',
            width: 100,
            render: (_: unknown, r) =>
              OBJECTIVE.includes(r.type) && !(r.type === 'fill' && r.review) ? (
                <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`exam-k-correct-${r.questionId}`}>
                  {t('exam.k.correct')}
                </Button>
              ) : (
                <Typography.Text type="secondary">{t('exam.k.byPerson')}</Typography.Text>
              ),
          },
        ]}
      />
      {editing && <KeyDialog examId={examId} question={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

/** The exam's history of key corrections, latest first. */
export function CorrectionsPanel({ examId }: { examId: number }) {
  const { t } = useI18n();
  const q = useKeyCorrections(examId);
  const judge = { yes: t('exam.true'), no: t('exam.false') };
  if (q.isError) return <Alert type="error" showIcon message={t('common.loadFailed')} />;
  if (!q.data) return <Spin />;
  return (
    <Table<KeyCorrection>
      size="small"
      rowKey="id"
      dataSource={q.data}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description={t('exam.k.historyNone')} /> }}
      data-testid="exam-k-history"
      columns={[
        { title: t('exam.k.at'), dataIndex: 'at', width: 160, render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
        { title: t('exam.k.by'), dataIndex: 'userName', width: 100 },
        {
          title: t('exam.col.stem'),
          dataIndex: 'stem',
          render: (v: string, r) => (
            <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 360 }}>
              {`${r.questionId} · v${r.version} · ${v}`}
            </Typography.Text>
          ),
        },
        {
          title: t('exam.k.change'),
          key: 'change',
          width: 200,
          render: (_: unknown, r) => (
            <span data-testid={`exam-k-change-${r.id}`}>
              <Typography.Text delete type="secondary">
                {answerText(r.type, r.before, judge)}
              </Typography.Text>
              {' → '}
              <b>{answerText(r.type, r.after, judge)}</b>
            </span>
          ),
        },
        { title: t('exam.k.remarked'), dataIndex: 'attempts', width: 96, align: 'right' },
        { title: t('exam.k.changed'), dataIndex: 'changed', width: 96, align: 'right' },
        { title: t('exam.k.passChanged'), dataIndex: 'passChanged', width: 110, align: 'right' },
      ]}
    />
  );
}
