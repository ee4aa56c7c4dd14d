import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Col, Empty, Input, InputNumber, Popconfirm, Row, Select, Space, Spin, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { shownByClient } from '../../api/hooks/useWrite';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../api/client';
import { EXAM_DOWNLOADS, type Analysis, type Exam, type Grade, type QueueItem } from '../../api/exam';
import { useAnalysis, useExams, useGrades, useMarkAnswer, useMarkingQueue, useReleaseExam } from '../../api/hooks/exam';
import type { StatChart } from '../../api/stats';
import ExportButton from '../../components/list/ExportButton';
import Panel from '../../components/list/Panel';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { Pictures } from './ExamPictures';
import { answerText, points } from './examText';
import AttemptEventsDrawer from './AttemptEvents';
import { CorrectionsPanel, ExamQuestionsPanel } from './KeyCorrection';
import { ClipText, headerTitle } from '../../components/list/RowActions';

// the chart (ECharts) is a chunk of its own, fetched when the analysis first draws
const StatChartView = lazy(() => import('../stats/StatChart'));

const pct = (r: number) => `${Math.round(r * 1000) / 10}%`;

function GradesTab({ exam }: { exam: Exam }) {
  const { t } = useI18n();
  const grades = useGrades(exam.id);
  const release = useReleaseExam();
  const [events, setEvents] = useState<Grade | null>(null);
  const canRelease = exam.results === 'released' && !exam.releasedAt;
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <ExportButton path={EXAM_DOWNLOADS.grades} params={{ examId: String(exam.id) }} labelKey="exam.g.export" testId="exam-g-export" />
        {canRelease && (
          <Popconfirm
            title={t('exam.g.releaseConfirm')}
            description={exam.pending > 0 ? t('exam.g.releasePending', { n: exam.pending }) : t('exam.g.releaseHint')}
            onConfirm={() => release.mutateAsync(exam.id).then(() => toast('success', t('exam.g.released')), shownByClient)}
            okButtonProps={{ 'data-testid': 'exam-g-release-ok' }}
          >
            <Button type="primary" data-testid="exam-g-release">
              {t('exam.g.release')}
            </Button>
          </Popconfirm>
        )}
        {exam.results === 'released' && exam.releasedAt && <Tag color="green">{t('exam.g.releasedAt', { at: formatTime(exam.releasedAt) })}</Tag>}
        {exam.results !== 'released' && <Typography.Text type="secondary">{t(`exam.results.${exam.results}`)}</Typography.Text>}
      </Space>
      <Table<Grade>
        rowKey="userId"
        size="middle"
        loading={grades.isLoading}
        dataSource={grades.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('exam.g.none') }}
        data-testid="exam-g-table"
        columns={[
          { title: headerTitle(t('exam.col.taker')), dataIndex: 'name', render: (v: string, g) => <span data-testid={`exam-g-name-${g.loginCode}`}>{v}</span> },
          { title: headerTitle(t('exam.col.login')), dataIndex: 'loginCode' },
          { title: headerTitle(t('exam.col.unit')), dataIndex: 'unitLabel', render: (v: string) => <ClipText max={160}>{v}</ClipText> },
          { title: headerTitle(t('exam.col.score')), dataIndex: 'best', align: 'right', render: (v: number, g) => <b data-testid={`exam-g-score-${g.loginCode}`}>{points(v)}</b> },
          {
            title: headerTitle(t('exam.col.passed')),
            dataIndex: 'passed',
            render: (v: boolean, g) =>
              g.pending > 0 ? <Tag color="orange">{t('exam.g.awaiting')}</Tag> : <Tag color={v ? 'green' : 'red'}>{t(v ? 'exam.yes' : 'exam.no')}</Tag>,
          },
          { title: headerTitle(t('exam.col.minutes')), dataIndex: 'minutes', align: 'right', render: (v: number) => points(v) },
          { title: headerTitle(t('exam.col.submittedAt')), dataIndex: 'submitted', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
          { title: headerTitle(t('exam.col.attempts')), dataIndex: 'attempts', align: 'right' },
          { title: headerTitle(t('exam.col.submitKind')), dataIndex: 'submitKind', render: (v: string) => (v ? t(`exam.kind.${v}` as 'exam.kind.taker') : '') },
          { title: headerTitle(t('exam.col.leaves')), dataIndex: 'leaves', align: 'right', render: (v: number, g) => <span data-testid={`exam-g-leaves-${g.loginCode}`}>{v}</span> },
          {
            title: t('exam.ev.column'),
            key: 'events',
            render: (_: unknown, g) => (
              <Button type="link" size="small" onClick={() => setEvents(g)} data-testid={`exam-g-events-${g.loginCode}`}>
                {t('exam.ev.open', { n: g.leaves + g.blurs + g.pastes })}
              </Button>
            ),
          },
        ]}
      />
      {events && <AttemptEventsDrawer grade={events} onClose={() => setEvents(null)} />}
    </>
  );
}

function distributionChart(a: Analysis): StatChart {
  return {
    key: 'distribution',
    title: t('exam.a.distribution'),
    kind: 'bar',
    labels: a.distribution.map((b) => `${points(b.from)}–${points(b.to)}`),
    series: [{ key: 'takers', name: t('exam.a.takers'), values: a.distribution.map((b) => b.count) }],
  };
}

function AnalysisTab({ exam }: { exam: Exam }) {
  const { t } = useI18n();
  const q = useAnalysis(exam.id);
  if (q.isError) return <Alert type="error" showIcon message={t('common.loadFailed')} />;
  if (!q.data) return <Spin />;
  const a = q.data;
  if (a.takers === 0) return <Empty description={t('exam.g.none')} />;
  return (
    <div data-testid="exam-analysis">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        {[
          ['exam.a.takers', a.takers],
          ['exam.a.passRate', pct(a.passRate)],
          ['exam.a.average', points(a.average)],
          ['exam.a.highest', points(a.highest)],
          ['exam.a.lowest', points(a.lowest)],
          ['exam.col.total', points(a.total)],
        ].map(([k, v]) => (
          <Col key={k} span={4}>
            <Statistic title={t(k as 'exam.a.takers')} value={v} />
          </Col>
        ))}
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Typography.Title level={5}>{t('exam.a.distribution')}</Typography.Title>
          <Suspense fallback={<Spin />}>
            <StatChartView chart={distributionChart(a)} />
          </Suspense>
        </Col>
        <Col span={12}>
          <Typography.Title level={5}>{t('exam.a.units')}</Typography.Title>
          <Table
            size="small"
            rowKey="unitCode"
            dataSource={a.units}
            pagination={false}
            columns={[
              { title: t('exam.col.unit'), dataIndex: 'unitLabel' },
              { title: t('exam.a.takers'), dataIndex: 'takers', align: 'right' },
              { title: t('exam.a.passed'), dataIndex: 'passed', align: 'right' },
              { title: t('exam.a.average'), dataIndex: 'average', align: 'right', render: (v: number) => points(v) },
            ]}
          />
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('exam.a.questions')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('exam.a.questionsHint')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="questionId"
        dataSource={a.questions}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('exam.col.id'), dataIndex: 'questionId', width: 72 },
          { title: t('exam.col.type'), dataIndex: 'type', width: 88, render: (v: string) => <Tag>{t(`exam.type.${v}` as 'exam.type.single')}</Tag> },
          { title: t('exam.col.stem'), dataIndex: 'stem', render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 520 }}>{v}</Typography.Text> },
          { title: t('exam.a.answered'), dataIndex: 'answered', align: 'right' },
          { title: t('exam.a.correctRate'), dataIndex: 'correctRate', align: 'right', render: (v: number, r) => `${pct(v)} (${r.correct})` },
          {
            title: t('exam.a.discrimination'),
            dataIndex: 'discrimination',
            align: 'right',
            render: (v: number) => <span style={{ color: v < 0.2 ? 'var(--bd-color-warning)' : undefined }}>{points(v)}</span>,
          },
        ]}
      />
    </div>
  );
}

function MarkRow({ item }: { item: QueueItem }) {
  const { t } = useI18n();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const mark = useMarkAnswer();
  const judge = { yes: t('exam.true'), no: t('exam.false') };
  return (
    <div style={{ borderBottom: '1px solid var(--bd-color-border-secondary, #f0f0f0)', padding: '12px 0' }} data-testid={`exam-mark-${item.attemptId}-${item.questionId}`}>
      <Space wrap style={{ marginBottom: 4 }}>
        <Tag color="blue">{item.taker}</Tag>
        <Tag>{t(`exam.type.${item.type}`)}</Tag>
        <Typography.Text type="secondary">{item.examName}</Typography.Text>
      </Space>
      <div style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{item.stem}</div>
      {item.images?.length ? (
        <div style={{ marginBottom: 8 }}>
          <Pictures ids={item.images} label={t('exam.pic.stem')} />
        </div>
      ) : null}
      <Row gutter={16}>
        <Col span={12}>
          <Typography.Text type="secondary">{t('exam.m.response')}</Typography.Text>
          <div style={{ whiteSpace: 'pre-wrap' }}>{answerText(item.type, item.response, judge) || t('exam.m.empty')}</div>
        </Col>
        <Col span={12}>
          <Typography.Text type="secondary">{t('exam.m.reference')}</Typography.Text>
          <div style={{ whiteSpace: 'pre-wrap' }}>{answerText(item.type, item.reference, judge)}</div>
        </Col>
      </Row>
      <Space style={{ marginTop: 8 }} wrap>
        <InputNumber min={0} max={item.max} step={0.5} value={score} onChange={(v) => setScore(v)} addonAfter={`/ ${points(item.max)}`} data-testid="exam-mark-score" />
        <Input placeholder={t('exam.m.comment')} value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} style={{ width: 320 }} />
        <Button
          type="primary"
          disabled={score == null}
          loading={mark.isPending}
          data-testid="exam-mark-save"
          onClick={() =>
            mark
              .mutateAsync({ attemptId: item.attemptId, questionId: item.questionId, score: score ?? 0, comment: comment.trim() })
              .then(() => toast('success', t('msg.operationSuccessful')), shownByClient)
          }
        >
          {t('exam.m.save')}
        </Button>
      </Space>
    </div>
  );
}

function MarkingTab({ exam }: { exam: Exam }) {
  const { t } = useI18n();
  const q = useMarkingQueue(exam.id);
  if (q.isError) return <Alert type="error" showIcon message={t('common.loadFailed')} />;
  if (!q.data) return <Spin />;
  if (!q.data.length) return <Empty description={t('exam.m.none')} data-testid="exam-mark-none" />;
  return (
    <div data-testid="exam-marking">
      <Typography.Paragraph type="secondary">{t('exam.m.hint', { n: q.data.length })}</Typography.Paragraph>
      {q.data.map((it) => (
        <MarkRow key={`${it.attemptId}-${it.questionId}`} item={it} />
      ))}
    </div>
  );
}

/** /exam_grade: per exam its grades (export 'grades', release), analysis and the anonymous marking queue. */
export default function GradePage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const exams = useExams('');
  const list = exams.data ?? [];
  // at first the newest exam with papers handed in (the newest of all may not have started)
  const id = Number(search.get('exam')) || (list.find((e) => e.submitted > 0) ?? list[0])?.id || 0;
  const exam = list.find((e) => e.id === id);
  const tab = search.get('tab') || 'grades';
  const set = (k: string, v: string) =>
    setSearch(
      (s) => {
        const n = new URLSearchParams(s);
        n.set(k, v);
        return n;
      },
      { replace: true },
    );
  return (
    <Panel
      title={t('nav.exam_grade')}
      testId="exam-grades"
      extra={
        <Space>
          <Typography.Text type="secondary">{t('exam.g.exam')}</Typography.Text>
          <Select
            style={{ width: 360 }}
            showSearch
            optionFilterProp="label"
            loading={exams.isLoading}
            value={exam?.id}
            onChange={(v: number) => set('exam', String(v))}
            options={list.map((e) => ({ value: e.id, label: e.name }))}
            data-testid="exam-g-exam"
          />
          <ExportButton path={EXAM_DOWNLOADS.exams} params={{}} labelKey="exam.g.exportExams" testId="exam-g-export-exams" />
        </Space>
      }
    >
      {exams.isError ? (
        <Alert type="error" showIcon message={t('common.loadFailed')} />
      ) : !exam ? (
        exams.isLoading ? <Spin /> : <Empty description={t('exam.e.empty')} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" data-testid="exam-g-line">
            {t('exam.g.line', { takers: exam.takers, submitted: exam.submitted, passed: exam.passed, avg: points(exam.average), total: points(exam.total), pass: points(exam.passMark) })}
            {exam.pending > 0 && (
              <Tag color="orange" style={{ marginLeft: 8 }}>
                {t('exam.e.pendingN', { n: exam.pending })}
              </Tag>
            )}
          </Typography.Paragraph>
          <Tabs
            activeKey={tab}
            onChange={(k) => set('tab', k)}
            destroyOnHidden
            items={[
              { key: 'grades', label: t('exam.g.grades'), children: <GradesTab exam={exam} /> },
              { key: 'analysis', label: t('exam.g.analysis'), children: <AnalysisTab exam={exam} /> },
              { key: 'marking', label: t('exam.g.marking', { n: exam.pending }), children: <MarkingTab exam={exam} /> },
              { key: 'questions', label: t('exam.k.tab'), children: <ExamQuestionsPanel examId={exam.id} /> },
              { key: 'corrections', label: t('exam.k.historyTab'), children: <CorrectionsPanel examId={exam.id} /> },
            ]}
          />
        </>
      )}
    </Panel>
  );
}
