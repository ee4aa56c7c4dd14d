import { useState } from 'react';
import { Alert, Button, Col, Divider, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { shownByClient } from '../../api/hooks/useWrite';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../api/client';
import { courseOptions, listQuestions, MULTI_MODES, QUESTION_TYPES, type Paper, type PaperForm, type Question, type QuestionType } from '../../api/exam';
import { questionKeys, useDeletePaper, usePaperPreview, usePapers, useSavePaper } from '../../api/hooks/exam';
import FormModal from '../../components/form/FormModal';
import Panel from '../../components/list/Panel';
import { headerTitle } from '../../components/list/RowActions';
import RemoteSelect from '../../components/RemoteSelect';
import { useConfirmDanger } from '../../components/list/guards';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { Picture, Pictures } from './ExamPictures';
import { answerText, points } from './examText';

interface ItemRow {
  questionId: number;
  label: string;
  score: number;
}
interface RuleRow {
  type: QuestionType;
  difficulty?: number;
  tag?: string;
  courseId?: number;
  count: number;
  score: number;
}
interface Values {
  name: string;
  kind: Paper['kind'];
  multiMode: Paper['multiMode'];
  passMark: number;
  remark?: string;
  items: ItemRow[];
  rules: RuleRow[];
}

const typeTag = (ty: string) => t(`exam.type.${ty}` as 'exam.type.single');
const itemLabel = (q: { id?: number; questionId?: number; type: string; stem: string }) => `#${q.id ?? q.questionId} [${typeTag(q.type)}] ${q.stem}`;

/** The total a paper's form gives: the fixed scores, or each rule's count times its score. */
function formTotal(v: Partial<Values>): number {
  const sum =
    v.kind === 'rules'
      ? (v.rules ?? []).reduce((a, r) => a + (Number(r?.count) || 0) * (Number(r?.score) || 0), 0)
      : (v.items ?? []).reduce((a, i) => a + (Number(i?.score) || 0), 0);
  return Math.round(sum * 100) / 100;
}

function PaperDialog({ target, onClose, onSaved }: { target: { row?: Paper } | null; onClose(): void; onSaved(): void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const save = useSavePaper();
  const row = target?.row;
  const courses = useQuery({ queryKey: questionKeys.of('courses'), queryFn: courseOptions, staleTime: 300_000 }).data ?? [];
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const kind = Form.useWatch('kind', form);
  const total = formTotal(values ?? {});
  const toForm = (v: Values): PaperForm => ({
    ...(row ? { id: row.id } : {}),
    name: v.name.trim(),
    kind: v.kind,
    multiMode: v.multiMode,
    passMark: v.passMark,
    remark: (v.remark ?? '').trim(),
    // the store's rows (their questionId has no field of its own, so the validated values lack it)
    items: v.kind === 'fixed' ? (form.getFieldValue('items') as ItemRow[]).map((i) => ({ questionId: i.questionId, score: i.score })) : [],
    rules:
      v.kind === 'rules'
        ? v.rules.map((r) => ({ type: r.type, difficulty: r.difficulty ?? 0, tag: (r.tag ?? '').trim(), courseId: r.courseId ?? 0, count: r.count, score: r.score }))
        : [],
  });
  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t(row ? 'exam.p.edit' : 'exam.p.add')}
      values={() =>
        row
          ? {
              name: row.name,
              kind: row.kind,
              multiMode: row.multiMode || 'all',
              passMark: row.passMark,
              remark: row.remark,
              items: (row.items ?? []).map((i) => ({ questionId: i.questionId, label: itemLabel(i), score: i.score })),
              rules: (row.rules ?? []).map((r) => ({ ...r, difficulty: r.difficulty || undefined, courseId: r.courseId || undefined })),
            }
          : { kind: 'fixed', multiMode: 'all', passMark: 60, items: [], rules: [{ type: 'single', count: 5, score: 2 }] }
      }
      save={(v) => save.mutateAsync(toForm(v))}
      onClose={onClose}
      onSaved={onSaved}
      width={900}
      okTestId="exam-p-ok"
      testId="exam-p-form"
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('exam.p.name')} rules={[{ required: true, whitespace: true, message: t('exam.p.nameRequired') }]}>
            <Input maxLength={100} data-testid="exam-p-name" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="kind" label={t('exam.p.kind')}>
            <Radio.Group optionType="button" buttonStyle="solid" disabled={!!row} data-testid="exam-p-kind"
              options={[
                { value: 'fixed', label: t('exam.p.kind.fixed') },
                { value: 'rules', label: t('exam.p.kind.rules') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="multiMode" label={t('exam.p.multiMode')}>
            <Select options={MULTI_MODES.map((m) => ({ value: m, label: t(`exam.p.multi.${m}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="passMark"
            label={t('exam.col.passMark')}
            dependencies={['items', 'rules', 'kind']}
            rules={[
              { required: true, message: t('exam.p.passRequired') },
              ({ getFieldsValue }) => ({
                validator: (_, v?: number) =>
                  v == null || v <= formTotal(getFieldsValue() as Values) ? Promise.resolve() : Promise.reject(new Error(t('exam.p.passAbove'))),
              }),
            ]}
          >
            <InputNumber min={0} step={1} style={{ width: '100%' }} data-testid="exam-p-pass" />
          </Form.Item>
        </Col>
      </Row>
      <Divider style={{ margin: '4px 0 12px' }} />
      {kind === 'rules' ? <RulesEditor courses={courses.map((c) => ({ value: c.id, label: c.name }))} /> : <ItemsEditor />}
      <Alert
        style={{ marginTop: 12 }}
        type={values?.passMark != null && values.passMark > total ? 'error' : 'info'}
        showIcon
        data-testid="exam-p-total"
        message={t('exam.p.totalLine', { total: points(total), pass: points(values?.passMark ?? 0) })}
      />
      <Form.Item name="remark" label={t('exam.p.remark')} style={{ marginTop: 12 }}>
        <Input maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}

function ItemsEditor() {
  const { t } = useI18n();
  return (
    <Form.List
      name="items"
      rules={[{ validator: (_, v?: ItemRow[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('exam.p.itemsRequired')))) }]}
    >
      {(items, { add, remove, move }, { errors }) => (
        <>
          <Form.Item label={t('exam.p.pick')} extra={t('exam.p.pickHint')}>
            <RemoteSelect<Question>
              cacheKey="examQuestionPick"
              search={(keyword) => listQuestions({ keyword, limit: '20' }).then((p) => p.records)}
              toOption={(q) => ({ value: q.id, label: itemLabel(q) })}
              placeholder={t('exam.p.pickPlaceholder')}
              testId="exam-p-pick"
              onChange={(id, q) => {
                if (!id || !q) return;
                add({ questionId: q.id, label: itemLabel(q), score: q.type === 'short' ? 10 : 2 });
              }}
            />
          </Form.Item>
          {items.map(({ key, name }, i) => (
            <Space key={key} align="baseline" style={{ display: 'flex' }} data-testid={`exam-p-item-${i}`}>
              <Typography.Text style={{ width: 24, display: 'inline-block' }}>{i + 1}.</Typography.Text>
              <Form.Item noStyle shouldUpdate>
                {({ getFieldValue }) => (
                  <Typography.Text ellipsis={{ tooltip: true }} style={{ width: 560, display: 'inline-block' }}>
                    {getFieldValue(['items', name, 'label'])}
                  </Typography.Text>
                )}
              </Form.Item>
              <Form.Item name={[name, 'score']} rules={[{ required: true, type: 'number', min: 0.5, message: t('exam.p.scoreBad') }]} style={{ marginBottom: 8 }}>
                <InputNumber min={0} step={1} addonAfter={t('exam.points')} style={{ width: 130 }} data-testid={`exam-p-score-${i}`} />
              </Form.Item>
              <Button type="text" size="small" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('exam.p.up')}>
                ↑
              </Button>
              <Button type="text" icon={<DeleteOutlined />} aria-label={t('list.delete')} onClick={() => remove(name)} />
            </Space>
          ))}
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

function RulesEditor({ courses }: { courses: { value: number; label: string }[] }) {
  const { t } = useI18n();
  return (
    <Form.Item label={t('exam.p.rules')} extra={t('exam.p.rulesHint')} required>
      <Form.List name="rules" rules={[{ validator: (_, v?: RuleRow[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('exam.p.rulesRequired')))) }]}>
        {(items, { add, remove }, { errors }) => (
          <>
            {items.map(({ key, name }, i) => (
              <Space key={key} align="baseline" wrap style={{ display: 'flex' }} data-testid={`exam-p-rule-${i}`}>
                <Form.Item name={[name, 'type']} style={{ marginBottom: 8 }}>
                  <Select style={{ width: 110 }} options={QUESTION_TYPES.map((ty) => ({ value: ty, label: typeTag(ty) }))} />
                </Form.Item>
                <Form.Item name={[name, 'difficulty']} style={{ marginBottom: 8 }}>
                  <Select allowClear style={{ width: 120 }} placeholder={t('exam.p.anyDifficulty')}
                    options={[1, 2, 3, 4, 5].map((d) => ({ value: d, label: t(`exam.difficulty.${d}` as 'exam.difficulty.1') }))} />
                </Form.Item>
                <Form.Item name={[name, 'tag']} style={{ marginBottom: 8 }}>
                  <Input style={{ width: 120 }} placeholder={t('exam.p.anyTag')} />
                </Form.Item>
                <Form.Item name={[name, 'courseId']} style={{ marginBottom: 8 }}>
                  <Select allowClear showSearch optionFilterProp="label" style={{ width: 160 }} placeholder={t('exam.p.anyCourse')} options={courses} />
                </Form.Item>
                <Form.Item name={[name, 'count']} rules={[{ required: true, type: 'number', min: 1, message: t('exam.p.countBad') }]} style={{ marginBottom: 8 }}>
                  <InputNumber min={1} addonAfter={t('exam.p.questions')} style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name={[name, 'score']} rules={[{ required: true, type: 'number', min: 0.5, message: t('exam.p.scoreBad') }]} style={{ marginBottom: 8 }}>
                  <InputNumber min={0} addonAfter={t('exam.p.each')} style={{ width: 130 }} />
                </Form.Item>
                <Button type="text" icon={<DeleteOutlined />} aria-label={t('list.delete')} onClick={() => remove(name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: 'single', count: 5, score: 2 })} data-testid="exam-p-rule-add">
              {t('exam.p.addRule')}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** The paper as one taker might get it (a rule paper drawn afresh), with the keys. */
function PreviewDialog({ paper, onClose }: { paper: Paper | null; onClose(): void }) {
  const { t } = useI18n();
  const q = usePaperPreview(paper?.id ?? 0);
  const judge = { yes: t('exam.true'), no: t('exam.false') };
  return (
    <Modal open={!!paper} title={t('exam.p.previewTitle', { name: paper?.name ?? '' })} width={820} footer={null} onCancel={onClose} destroyOnHidden>
      {!q.data ? (
        q.isError ? <Alert type="error" message={t('common.loadFailed')} /> : <Spin />
      ) : (
        <div data-testid="exam-p-preview">
          <Typography.Paragraph type="secondary">
            {t('exam.p.previewHint', { n: q.data.questions.length, total: points(q.data.total) })}
          </Typography.Paragraph>
          <ol style={{ paddingLeft: 20 }}>
            {q.data.questions.map((it) => (
              <li key={it.id} style={{ marginBottom: 12 }}>
                <Space size={4} wrap>
                  <Tag>{typeTag(it.type)}</Tag>
                  <Typography.Text type="secondary">{t('exam.pointsN', { n: points(it.score) })}</Typography.Text>
                </Space>
                <div style={{ whiteSpace: 'pre-wrap' }}>{it.stem}</div>
                {it.images?.length ? (
                  <div style={{ margin: '6px 0' }}>
                    <Pictures ids={it.images} label={t('exam.pic.stem')} />
                  </div>
                ) : null}
                {(it.options ?? []).map((o) => (
                  <div key={o.key}>
                    {o.key}. {o.text}
                    {o.image ? (
                      <div style={{ margin: '4px 0 4px 20px' }}>
                        <Picture id={o.image} alt={t('exam.pic.option', { key: o.key })} size="option" />
                      </div>
                    ) : null}
                  </div>
                ))}
                <Typography.Text type="success">
                  {t('exam.col.answer')}: {answerText(it.type, it.answer, judge)}
                </Typography.Text>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Modal>
  );
}

/** /exam_paper: the papers (fixed or by rules) with their totals; add, edit (until taken), preview, delete (unused). */
export default function PaperPage() {
  const { t } = useI18n();
  const papers = usePapers();
  const del = useDeletePaper();
  const [editing, setEditing] = useState<{ row?: Paper } | null>(null);
  const [preview, setPreview] = useState<Paper | null>(null);
  const { confirmDanger, holder } = useConfirmDanger();
  return (
    <>
      {holder}
      <Panel
        title={t('nav.exam_paper')}
        testId="exam-papers"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="exam-p-add">
            {t('exam.p.add')}
          </Button>
        }
      >
        {papers.isError ? (
          <Alert type="error" showIcon message={t('common.loadFailed')} action={<Button onClick={() => void papers.refetch()}>{t('common.retry')}</Button>} />
        ) : (
          <Table<Paper>
            rowKey="id"
            loading={papers.isLoading}
            dataSource={papers.data ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { title: t('exam.p.name'), dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
              { title: t('exam.p.kind'), dataIndex: 'kind', render: (v: string) => <Tag color={v === 'rules' ? 'blue' : 'default'}>{t(`exam.p.kind.${v}` as 'exam.p.kind.fixed')}</Tag> },
              { title: t('exam.p.count'), dataIndex: 'count', align: 'right' },
              { title: t('exam.col.total'), dataIndex: 'total', align: 'right', render: (v: number) => points(v) },
              { title: headerTitle(t('exam.col.passMark')), dataIndex: 'passMark', align: 'right', render: (v: number) => points(v) },
              { title: headerTitle(t('exam.p.multiMode')), dataIndex: 'multiMode', render: (v: string) => t(`exam.p.multi.${v || 'all'}` as 'exam.p.multi.all') },
              { title: headerTitle(t('exam.p.exams')), dataIndex: 'exams', align: 'right' },
              { title: t('exam.col.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
              {
                title: t('list.actions'),
                key: 'actions',
                render: (_: unknown, p) => (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => setPreview(p)} data-testid={`exam-p-preview-${p.id}`}>
                      {t('exam.p.preview')}
                    </Button>
                    <Button type="link" size="small" onClick={() => setEditing({ row: p })} data-testid={`exam-p-edit-${p.id}`}>
                      {t('list.edit')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      danger
                      disabled={p.exams > 0}
                      onClick={() => confirmDanger(() => del.mutateAsync(p.id).then(() => toast('success', t('msg.operationSuccessful')), shownByClient))}
                    >
                      {t('list.delete')}
                    </Button>
                  </Space>
                ),
              },
            ]}
            locale={{ emptyText: t('exam.p.empty') }}
          />
        )}
      </Panel>
      <PaperDialog target={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
      <PreviewDialog paper={preview} onClose={() => setPreview(null)} />
    </>
  );
}
