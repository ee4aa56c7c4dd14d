/**
 * A class's evaluations and certificates (docs/decisions/0019-training.md): the evaluations anonymous (averages, the
 * distribution of stars per session, lecturer and course, the comments without names) with export 'evaluation'; the
 * certificate rule, the trainees against it with their certificates, issue by hand, revoke with a reason, the PDF and
 * export 'course certification'.
 */
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Empty, Form, Input, InputNumber, Modal, Row, Select, Space, Statistic, Switch, Table, Tag, Typography, type ButtonProps } from 'antd';
import dayjs from 'dayjs';
import { toast } from '../../api/client';
import { shownByClient } from '../../api/hooks/useWrite';
import {
  CERT_PDF,
  CERTIFICATION_EXPORT,
  EVALUATION_EXPORT,
  type Candidate,
  type CertRule,
  type CertState,
  type ClassDetail as Detail,
  type EvalGroup,
  type EvalSummary,
  type ExamOption,
} from '../../api/training';
import { CERT_KIND_DICT, CERT_LEVEL_DICT } from '../../api/reward';
import DictSelect from '../../components/DictSelect';
import { RATING_TEXTS } from '../../components/form/Rating';
import ExportButton, { openExport } from '../../components/list/ExportButton';
import { t, useI18n } from '../../i18n';
import { useCertExams, useCertList, useCertRule, useClassEvaluations, useIssueCerts, useRevokeCert, useSaveCertRule } from './queries';

/** The counts of 1 to 5 stars as bars, 5 on top; each bar's width is its share of the count. */
export function Distribution({ dist, testId }: { dist: number[]; testId?: string }) {
  const total = dist.reduce((a, b) => a + b, 0);
  return (
    <div data-testid={testId} style={{ minWidth: 220 }}>
      {[5, 4, 3, 2, 1].map((star) => {
        const n = dist[star - 1] ?? 0;
        return (
          <div key={star} style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 12, lineHeight: '20px' }}>
            <span style={{ width: 56, whiteSpace: 'nowrap' }}>
              {star}★ {t(RATING_TEXTS[star - 1])}
            </span>
            <span style={{ flex: 1, height: 8, background: 'var(--bd-color-fill-secondary)', borderRadius: 4, overflow: 'hidden' }}>
              <span style={{ display: 'block', height: '100%', width: total ? `${(n * 100) / total}%` : 0, background: 'var(--bd-gold-6)' }} />
            </span>
            <span style={{ width: 28, textAlign: 'right' }} data-testid={testId && `${testId}-${star}`}>
              {n}
            </span>
          </div>
        );
      })}
    </div>
  );
}

const avg = (v: number, n: number) => (n ? v.toFixed(2) : '—');

function SummaryCards({ s, testId }: { s: EvalSummary; testId: string }) {
  return (
    <Row gutter={16} data-testid={testId}>
      <Col xs={24} md={6}>
        <Statistic title={t('training.eval.count')} value={s.count} />
      </Col>
      <Col xs={24} md={9}>
        <Statistic title={t('training.eval.courseAverage')} value={avg(s.courseAverage, s.count)} suffix={s.count ? '/ 5' : undefined} />
        <Distribution dist={s.courseDist} testId={`${testId}-course`} />
      </Col>
      <Col xs={24} md={9}>
        <Statistic title={t('training.eval.lecturerAverage')} value={avg(s.lecturerAverage, s.lecturerCount)} suffix={s.lecturerCount ? '/ 5' : undefined} />
        <Distribution dist={s.lecturerDist} testId={`${testId}-lecturer`} />
      </Col>
    </Row>
  );
}

function GroupTable({ title, rows, lecturer, testId }: { title: string; rows: EvalGroup[]; lecturer?: boolean; testId: string }) {
  if (!rows.length) return null;
  return (
    <Table<EvalGroup>
      rowKey="id"
      size="small"
      title={() => <Typography.Text strong>{title}</Typography.Text>}
      pagination={false}
      dataSource={rows}
      data-testid={testId}
      columns={[
        { title: t('training.eval.target'), dataIndex: 'name' },
        { title: t('training.eval.count'), key: 'n', width: 90, render: (_: unknown, g) => (lecturer ? g.summary.lecturerCount : g.summary.count) },
        {
          title: t('training.eval.average'),
          key: 'avg',
          width: 100,
          render: (_: unknown, g) => (lecturer ? avg(g.summary.lecturerAverage, g.summary.lecturerCount) : avg(g.summary.courseAverage, g.summary.count)),
        },
        {
          title: t('training.eval.distribution'),
          key: 'dist',
          render: (_: unknown, g) => <Distribution dist={lecturer ? g.summary.lecturerDist : g.summary.courseDist} />,
        },
      ]}
    />
  );
}

export function EvaluationsTab({ c }: { c: Detail }) {
  useI18n();
  const q = useClassEvaluations(c.id);
  const r = q.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="class-evaluations">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text type="secondary">{t('training.eval.anonymous')}</Typography.Text>
        <ExportButton path={EVALUATION_EXPORT} params={{ classId: String(c.id) }} testId="evaluation-export" />
      </Space>
      {q.isError && <Alert type="error" message={q.error.message} />}
      {r && !r.summary.count && <Empty description={t('training.eval.none')} />}
      {r && r.summary.count > 0 && (
        <>
          <SummaryCards s={r.summary} testId="eval-summary" />
          <GroupTable title={t('training.eval.bySession')} rows={r.sessions} testId="eval-sessions" />
          <GroupTable title={t('training.eval.byLecturer')} rows={r.lecturers} lecturer testId="eval-lecturers" />
          <GroupTable title={t('training.eval.byCourse')} rows={r.courses} testId="eval-courses" />
          <Table
            rowKey={(_, i) => String(i)}
            size="small"
            title={() => <Typography.Text strong>{t('training.eval.comments')}</Typography.Text>}
            dataSource={r.comments}
            pagination={r.comments.length > 20 ? { pageSize: 20 } : false}
            data-testid="eval-comments"
            columns={[
              { title: t('training.eval.target'), dataIndex: 'target' },
              { title: t('training.eval.lecturer'), dataIndex: 'lecturerName' },
              { title: t('training.eval.courseStars'), dataIndex: 'courseStars', width: 110, render: (v: number) => `${v}★ ${t(RATING_TEXTS[v - 1])}` },
              { title: t('training.eval.lecturerStars'), dataIndex: 'lecturerStars', width: 110, render: (v: number) => (v ? `${v}★ ${t(RATING_TEXTS[v - 1])}` : '') },
              { title: t('training.eval.comment'), dataIndex: 'comment' },
              { title: t('training.eval.at'), dataIndex: 'createdAt', width: 140, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
            ]}
          />
        </>
      )}
    </Space>
  );
}

const CERT_COLOURS: Record<CertState, string> = { valid: 'green', revoked: 'red', expired: 'default' };

export function CertState({ state }: { state: CertState }) {
  return <Tag color={CERT_COLOURS[state]}>{t(`training.cert.${state}`)}</Tag>;
}

const EXAM_STATE_COLOURS: Record<ExamOption['state'], string> = { draft: 'default', upcoming: 'blue', open: 'green', closed: 'default' };

/**
 * The exam a rule names, searched on the server by the exam's name; each option shows the exam's state and open
 * period so that two exams of one name are told apart. The rule's current exam stays shown while a search runs.
 */
function ExamPicker({ value, onChange, current }: { value?: number; onChange?: (v?: number) => void; current?: { id: number; name: string } }) {
  const [keyword, setKeyword] = useState('');
  const exams = useCertExams(keyword);
  const found = exams.data ?? [];
  const fmt = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');
  const options = found.map((x) => ({
    value: x.id,
    title: x.name,
    label: (
      <div data-testid={`cert-rule-exam-${x.id}`}>
        <Space size={4} wrap>
          <span style={{ whiteSpace: 'normal' }}>{x.name}</span>
          <Tag color={EXAM_STATE_COLOURS[x.state]}>{t(`training.cert.examState.${x.state}`)}</Tag>
        </Space>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t('training.cert.examPeriod', { from: fmt(x.opensAt), to: fmt(x.closesAt) })}
        </Typography.Text>
      </div>
    ),
  }));
  if (current && value === current.id && !found.some((x) => x.id === current.id)) options.unshift({ value: current.id, title: current.name, label: <span>{current.name}</span> });
  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      value={value}
      onChange={(v?: number) => onChange?.(v)}
      onClear={() => setKeyword('')}
      style={{ width: 320 }}
      popupMatchSelectWidth={420}
      placeholder={t('training.cert.noExam')}
      loading={exams.isFetching}
      optionLabelProp="title"
      notFoundContent={exams.isFetching ? undefined : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.cert.examNone')} />}
      options={options}
      data-testid="cert-rule-exam"
    />
  );
}

function RuleForm({ c, rule }: { c: Detail; rule: CertRule }) {
  const save = useSaveCertRule(c.id);
  const [form] = Form.useForm<CertRule>();
  return (
    <Form
      form={form}
      layout="inline"
      // no exam is an empty choice (the server's 0); no reward kind likewise ('')
      initialValues={{ ...rule, examId: rule.examId || undefined, rewardKind: rule.rewardKind || undefined, rewardLevel: rule.rewardLevel || undefined }}
      onFinish={({ examId, rewardKind, rewardLevel, examName: _, ...v }) =>
        void save
          .mutateAsync({ ...v, classId: c.id, ...(examId ? { examId } : {}), rewardKind: rewardKind ? String(rewardKind) : '', rewardLevel: rewardLevel ? String(rewardLevel) : '' })
          .then(() => toast('success', t('msg.operationSuccessful')), shownByClient)
      }
      data-testid="cert-rule"
      style={{ rowGap: 8 }}
    >
      <Form.Item name="enabled" label={t('training.cert.enabled')} valuePropName="checked">
        <Switch data-testid="cert-rule-enabled" />
      </Form.Item>
      <Form.Item name="minAttendance" label={t('training.cert.minAttendance')}>
        <InputNumber min={0} max={100} addonAfter="%" style={{ width: 120 }} data-testid="cert-rule-attendance" />
      </Form.Item>
      <Form.Item name="needsEvaluation" valuePropName="checked">
        <Checkbox data-testid="cert-rule-evaluation">{t('training.cert.needsEvaluation')}</Checkbox>
      </Form.Item>
      <Form.Item name="examId" label={t('training.cert.exam')}>
        <ExamPicker current={rule.examId ? { id: rule.examId, name: rule.examName } : undefined} />
      </Form.Item>
      <Form.Item name="validityMonths" label={t('training.cert.validity')} extra={t('training.cert.validityHint')}>
        <InputNumber min={0} max={120} addonAfter={t('training.cert.months')} style={{ width: 140 }} data-testid="cert-rule-validity" />
      </Form.Item>
      <Form.Item label={t('training.cert.reward')} tooltip={t('training.cert.rewardHint')}>
        <Space.Compact>
          <Form.Item name="rewardKind" noStyle>
            <DictSelect dictKey={CERT_KIND_DICT} placeholder={t('training.cert.rewardKind')} style={{ width: 140 }} testId="cert-rule-reward-kind" />
          </Form.Item>
          <Form.Item name="rewardLevel" noStyle>
            <DictSelect dictKey={CERT_LEVEL_DICT} placeholder={t('training.cert.rewardLevel')} style={{ width: 110 }} testId="cert-rule-reward-level" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="cert-rule-save">
          {t('training.cert.saveRule')}
        </Button>
      </Form.Item>
    </Form>
  );
}

export function CertificatesTab({ c }: { c: Detail }) {
  useI18n();
  const rule = useCertRule(c.id);
  const list = useCertList(c.id);
  const issue = useIssueCerts(c.id);
  const revoke = useRevokeCert(c.id);
  const [chosen, setChosen] = useState<number[]>([]);
  const [revoking, setRevoking] = useState<Candidate | null>(null);
  const [reason, setReason] = useState('');
  const rows = list.data ?? [];
  const live = (r: Candidate) => !!r.certificate && r.certificate.state !== 'revoked';
  const doIssue = (ids: number[]) =>
    void issue.mutateAsync(ids).then((r) => {
      toast('success', t('training.cert.issuedN', { n: r.issued.length, skipped: r.skipped }));
      setChosen([]);
    }, shownByClient);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="class-certificates">
      <Card size="small" title={t('training.cert.rule')}>
        {rule.data && <RuleForm key={JSON.stringify(rule.data)} c={c} rule={rule.data} />}
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('training.cert.ruleHint')}
        </Typography.Paragraph>
      </Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>
          <Button
            type="primary"
            disabled={!chosen.length || c.state === 'draft'}
            loading={issue.isPending}
            onClick={() => doIssue(chosen)}
            data-testid="cert-issue"
          >
            {t('training.cert.issue', { n: chosen.length })}
          </Button>
          <Button
            disabled={c.state === 'draft' || !rows.some((r) => r.meets && !live(r))}
            onClick={() => doIssue(rows.filter((r) => r.meets && !live(r)).map((r) => r.userId))}
            data-testid="cert-issue-meeting"
          >
            {t('training.cert.issueMeeting')}
          </Button>
        </Space>
        <ExportButton path={CERTIFICATION_EXPORT} params={{ classId: String(c.id) }} testId="cert-export" />
      </Space>
      <Table<Candidate>
        rowKey="userId"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50 } : false}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]), getCheckboxProps: (r) => ({ disabled: live(r) }) }}
        locale={{ emptyText: list.isError ? t('common.loadFailed') : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.cert.nobody')} /> }}
        scroll={{ x: 1100 }}
        columns={[
          { title: t('training.students.trainee'), key: 'who', render: (_: unknown, r) => <span style={{ whiteSpace: 'nowrap' }}>{`${r.userName}（${r.loginCode}）`}</span> },
          { title: t('training.class.unit'), dataIndex: 'unitLabel' },
          { title: t('training.cert.attendance'), key: 'att', render: (_: unknown, r) => `${r.attendance}%（${r.attended}/${r.sessions}）` },
          { title: <span style={{ whiteSpace: 'nowrap' }}>{t('training.cert.evaluated')}</span>, dataIndex: 'evaluated', render: (v: boolean) => (v ? t('training.yes') : t('training.no')) },
          ...(rule.data?.examId ? [{ title: t('training.cert.examPassed'), dataIndex: 'examPassed', render: (v: boolean) => (v ? t('training.yes') : t('training.no')) }] : []),
          {
            title: <span style={{ whiteSpace: 'nowrap' }}>{t('training.cert.meets')}</span>,
            dataIndex: 'meets',
            render: (v: boolean, r) => <span data-testid={`cert-meets-${r.loginCode}`}>{v ? <Tag color="green">{t('training.yes')}</Tag> : <Tag>{t('training.no')}</Tag>}</span>,
          },
          {
            title: t('training.cert.certificate'),
            key: 'cert',
            render: (_: unknown, r) =>
              r.certificate ? (
                <Space size={4} wrap data-testid={`cert-of-${r.loginCode}`}>
                  <Typography.Text copyable>{r.certificate.serial}</Typography.Text>
                  <CertState state={r.certificate.state} />
                  {r.certificate.validUntil && <Typography.Text type="secondary">{t('training.cert.until', { at: r.certificate.validUntil })}</Typography.Text>}
                </Space>
              ) : (
                ''
              ),
          },
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_: unknown, r) =>
              r.certificate && (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => void openExport(CERT_PDF, { id: String(r.certificate!.id) }).catch(shownByClient)} data-testid={`cert-pdf-${r.loginCode}`}>
                    PDF
                  </Button>
                  <Button type="link" size="small" href={`/verify/cert/${r.certificate.serial}`} target="_blank" data-testid={`cert-verify-${r.loginCode}`}>
                    {t('training.cert.verify')}
                  </Button>
                  {r.certificate.state !== 'revoked' && (
                    <Button
                      type="link"
                      danger
                      size="small"
                      onClick={() => {
                        setRevoking(r);
                        setReason('');
                      }}
                      data-testid={`cert-revoke-${r.loginCode}`}
                    >
                      {t('training.cert.revoke')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={!!revoking}
        title={revoking ? t('training.cert.revokeTitle', { serial: revoking.certificate?.serial ?? '', name: revoking.userName }) : ''}
        onCancel={() => setRevoking(null)}
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: revoke.isPending, 'data-testid': 'cert-revoke-ok' } as ButtonProps}
        okText={t('training.cert.revoke')}
        onOk={() =>
          revoking?.certificate &&
          void revoke.mutateAsync({ id: revoking.certificate.id, reason: reason.trim() }).then(() => {
            toast('success', t('msg.operationSuccessful'));
            setRevoking(null);
          }, shownByClient)
        }
      >
        <Form layout="vertical">
          <Form.Item label={t('training.cert.reason')} required>
            <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} rows={3} data-testid="cert-revoke-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
