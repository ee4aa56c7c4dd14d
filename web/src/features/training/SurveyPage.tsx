import { useState } from 'react';
import { Button, Card, DatePicker, Drawer, Empty, Form, Input, Modal, Radio, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { toast } from '../../api/client';
import { shownByClient } from '../../api/hooks/useWrite';
import { listClasses } from '../../api/training';
import {
  QUESTION_KINDS,
  SURVEY_EXPORT,
  SURVEY_STATES,
  type QuestionKind,
  type QuestionResult,
  type Survey,
  type SurveyForm,
  type SurveyState,
} from '../../api/trainingSurvey';
import ExportButton from '../../components/list/ExportButton';
import { useConfirmDanger } from '../../components/list/guards';
import { OrgPickerDialog, type Selection } from '../../components/picker';
import { stubUnit } from '../../components/picker/PickerInputs';
import { t, useI18n } from '../../i18n';
import StatChartView from '../stats/StatChart';
import { useCloseSurvey, useDeleteSurvey, useSaveSurvey, useSendSurvey, useSurvey, useSurveyResults, useSurveys } from './surveyQueries';

const STATE_COLOR: Record<SurveyState, string> = { draft: 'default', sent: 'processing', closed: 'success' };

export function SurveyStateTag({ state }: { state: SurveyState }) {
  return <Tag color={STATE_COLOR[state]}>{t(`training.survey.state.${state}`)}</Tag>;
}

const fmt = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

/**
 * /training_survey: the questionnaires (search, state), the designer (typed questions in order, required or not; an
 * audience from the picker or a class; anonymous or named; a deadline), send, close, the results with charts and the
 * text answers, and export 'questionnaires'.
 */
export default function SurveyPage() {
  useI18n();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<SurveyState>();
  const list = useSurveys(keyword, state);
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [results, setResults] = useState<number>();
  const del = useDeleteSurvey();
  const send = useSendSurvey();
  const close = useCloseSurvey();
  const { confirmDanger, holder } = useConfirmDanger();
  const [asking, setAsking] = useState<Survey>();

  const columns = [
    {
      title: t('training.survey.title'),
      dataIndex: 'title',
      render: (v: string, s: Survey) => (
        <Space direction="vertical" size={0} style={{ minWidth: 200 }}>
          <Typography.Text strong>{v}</Typography.Text>
          <Typography.Text type="secondary">
            {s.className ? t('training.survey.toClass', { name: s.className }) : t('training.survey.toAudience')}
            {s.anonymous ? ` · ${t('training.survey.anonymous')}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('training.survey.deadline'), dataIndex: 'deadline', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{fmt(v)}</span> },
    { title: t('training.survey.state'), dataIndex: 'state', render: (v: SurveyState) => <SurveyStateTag state={v} /> },
    {
      title: t('training.survey.answered'),
      key: 'answered',
      render: (_: unknown, s: Survey) =>
        s.state === 'draft' ? '—' : <span data-testid={`survey-answered-${s.id}`}>{t('training.survey.answeredOf', { n: s.answered, m: s.recipients })}</span>,
    },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_: unknown, s: Survey) => (
        <Space wrap size={4}>
          {s.state === 'draft' && (
            <>
              <Button size="small" type="link" onClick={() => setEditing({ id: s.id })} data-testid={`survey-edit-${s.id}`}>
                {t('list.edit')}
              </Button>
              <Button size="small" type="link" onClick={() => setAsking(s)} data-testid={`survey-send-${s.id}`}>
                {t('training.survey.send')}
              </Button>
              <Button size="small" type="link" danger onClick={() => confirmDanger(() => del.mutateAsync(s.id))} data-testid={`survey-delete-${s.id}`}>
                {t('list.delete')}
              </Button>
            </>
          )}
          {s.state !== 'draft' && (
            <Button size="small" type="link" onClick={() => setResults(s.id)} data-testid={`survey-results-${s.id}`}>
              {t('training.survey.results')}
            </Button>
          )}
          {s.state === 'sent' && (
            <Button size="small" type="link" onClick={() => confirmDanger(() => close.mutateAsync(s.id))} data-testid={`survey-close-${s.id}`}>
              {t('training.survey.close')}
            </Button>
          )}
          {s.state !== 'draft' && <ExportButton path={SURVEY_EXPORT} params={{ id: String(s.id) }} />}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="survey-page">
      <Card size="small">
        <Space wrap>
          <Input.Search allowClear placeholder={t('training.survey.keyword')} onSearch={setKeyword} style={{ width: 260 }} data-testid="survey-keyword" />
          <Select
            allowClear
            placeholder={t('training.survey.state')}
            value={state}
            onChange={setState}
            options={SURVEY_STATES.map((s) => ({ value: s, label: t(`training.survey.state.${s}`) }))}
            style={{ width: 140 }}
          />
        </Space>
      </Card>
      <Card
        size="small"
        title={t('nav.training_survey')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="survey-add">
            {t('training.survey.add')}
          </Button>
        }
      >
        <Table<Survey> rowKey="id" size="middle" loading={list.isFetching} dataSource={list.data ?? []} columns={columns} pagination={{ pageSize: 20 }} />
      </Card>
      {editing && <SurveyDesigner id={editing.id} onClose={() => setEditing(null)} />}
      <Modal
        open={!!asking}
        title={t('training.survey.sendTitle')}
        onCancel={() => setAsking(undefined)}
        okButtonProps={{ loading: send.isPending, ...({ 'data-testid': 'survey-send-ok' } as object) }}
        onOk={() =>
          asking &&
          send.mutateAsync(asking.id).then(
            (r) => {
              toast('success', t('training.survey.sent', { n: r.recipients }));
              setAsking(undefined);
            },
            shownByClient,
          )
        }
      >
        {asking && t('training.survey.sendConfirm', { title: asking.title })}
      </Modal>
      <Drawer open={!!results} width={720} title={t('training.survey.results')} onClose={() => setResults(undefined)} destroyOnClose>
        {results && <Results id={results} />}
      </Drawer>
      {holder}
    </Space>
  );
}

interface QuestionValue {
  kind: QuestionKind;
  title: string;
  optionsText?: string;
  required?: boolean;
}

interface Values {
  title: string;
  description?: string;
  anonymous?: boolean;
  deadline: Dayjs;
  target: 'audience' | 'class';
  classId?: number;
  questions: QuestionValue[];
}

function SurveyDesigner({ id, onClose }: { id?: number; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const one = useSurvey(id);
  const save = useSaveSurvey();
  const [audience, setAudience] = useState<Selection>({ organ: [], employee: [] });
  const [picking, setPicking] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const classes = useQuery({
    queryKey: ['training', 'surveyClasses'],
    queryFn: () => listClasses({ pageNum: '1', pageSize: '200' }),
    staleTime: 30_000,
  });
  const target = Form.useWatch('target', form) ?? 'audience';
  if (id && one.data && !loaded) {
    const s = one.data;
    setLoaded(true);
    form.setFieldsValue({
      title: s.title,
      description: s.description,
      anonymous: s.anonymous,
      deadline: dayjs(s.deadline),
      target: s.classId ? 'class' : 'audience',
      classId: s.classId || undefined,
      questions: s.questions.map((q) => ({ kind: q.kind, title: q.title, optionsText: q.options.join('\n'), required: q.required })),
    });
    setAudience({
      organ: s.audience.filter((a) => a.kind === 'organ').map((a) => stubUnit(a.code, a.name)),
      employee: s.audience.filter((a) => a.kind === 'employee').map((a) => ({ code: a.code, name: a.name })),
    });
  }
  const submit = async () => {
    const v = await form.validateFields();
    const body: SurveyForm = {
      ...(id ? { id } : {}),
      title: v.title.trim(),
      description: v.description?.trim() ?? '',
      anonymous: !!v.anonymous,
      deadline: v.deadline.format('YYYY-MM-DD HH:mm'),
      ...(v.target === 'class' && v.classId ? { classId: v.classId } : {}),
      organ: v.target === 'class' ? [] : audience.organ.map((u) => ({ fullUnitCode: u.fullUnitCode, unitName: u.unitName })),
      employee: v.target === 'class' ? [] : audience.employee.map((e) => ({ code: e.code, name: e.name })),
      questions: (v.questions ?? []).map((q) => ({
        kind: q.kind,
        title: q.title.trim(),
        required: !!q.required,
        options: q.kind === 'single' || q.kind === 'multiple' ? (q.optionsText ?? '').split('\n').map((o) => o.trim()).filter(Boolean) : [],
      })),
    };
    await save.mutateAsync(body).then(() => {
      toast('success', t('training.survey.saved'));
      onClose();
    }, shownByClient);
  };
  return (
    <Modal
      open
      width={820}
      title={t(id ? 'training.survey.edit' : 'training.survey.add')}
      onCancel={onClose}
      onOk={() => void submit().catch(shownByClient)}
      okButtonProps={{ loading: save.isPending, ...({ 'data-testid': 'survey-ok' } as object) }}
      destroyOnClose
      data-testid="survey-form"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ target: 'audience', anonymous: false, deadline: dayjs().add(7, 'day').hour(18).minute(0), questions: [{ kind: 'single', required: true }] }}
      >
        <div style={{ display: 'grid', gridTemplateColumns: '2fr 1fr', columnGap: 16 }}>
          <Form.Item name="title" label={t('training.survey.title')} rules={[{ required: true, whitespace: true, message: t('training.nameRequired') }]}>
            <Input maxLength={100} data-testid="survey-title" />
          </Form.Item>
          <Form.Item name="deadline" label={t('training.survey.deadline')} rules={[{ required: true, message: t('training.survey.deadlineRequired') }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} data-testid="survey-deadline" />
          </Form.Item>
        </div>
        <Form.Item name="description" label={t('training.survey.description')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Space size={24} align="start" wrap>
          <Form.Item name="target" label={t('training.survey.to')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'audience', label: <span data-testid="survey-to-audience">{t('training.survey.toAudience')}</span> },
                { value: 'class', label: <span data-testid="survey-to-class">{t('training.survey.toClassShort')}</span> },
              ]}
            />
          </Form.Item>
          <Form.Item name="anonymous" label={t('training.survey.anonymous')} valuePropName="checked" extra={t('training.survey.anonymousHint')}>
            <Switch data-testid="survey-anonymous" />
          </Form.Item>
        </Space>
        {target === 'class' ? (
          <Form.Item name="classId" label={t('training.survey.class')} rules={[{ required: true, message: t('training.survey.classRequired') }]}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={classes.isLoading}
              options={(classes.data?.records ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.startDate}）` }))}
              data-testid="survey-class"
            />
          </Form.Item>
        ) : (
          <Form.Item label={t('training.survey.audience')} required>
            <Space wrap>
              {audience.organ.map((u) => (
                <Tag key={u.fullUnitCode} color="blue">
                  {u.unitName}
                </Tag>
              ))}
              {audience.employee.map((e) => (
                <Tag key={e.code}>{e.name}</Tag>
              ))}
              <Button size="small" onClick={() => setPicking(true)} data-testid="survey-audience">
                {t('training.survey.pick')}
              </Button>
            </Space>
          </Form.Item>
        )}
        <Typography.Title level={5}>{t('training.survey.questions')}</Typography.Title>
        <Form.List name="questions">
          {(fields, { add, remove, move }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((f, i) => (
                <QuestionEditor key={f.key} index={i} name={f.name} last={i === fields.length - 1} remove={remove} move={move} />
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ kind: 'single', required: false })} data-testid="survey-add-question">
                {t('training.survey.addQuestion')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form>
      <OrgPickerDialog
        open={picking}
        multiple
        showEmployee
        value={audience}
        onOk={(sel) => {
          setAudience(sel);
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
    </Modal>
  );
}

function QuestionEditor({
  index,
  name,
  last,
  remove,
  move,
}: {
  index: number;
  name: number;
  last: boolean;
  remove(i: number): void;
  move(a: number, b: number): void;
}) {
  const kind = Form.useWatch(['questions', name, 'kind']) as QuestionKind | undefined;
  return (
    <Card size="small" data-testid={`survey-question-${index}`} title={t('training.survey.questionN', { n: index + 1 })}
      extra={
        <Space size={0}>
          <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('training.survey.up')} />
          <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={last} onClick={() => move(index, index + 1)} aria-label={t('training.survey.down')} />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(name)} aria-label={t('list.delete')} />
        </Space>
      }
    >
      <div style={{ display: 'grid', gridTemplateColumns: '160px 1fr 100px', columnGap: 12 }}>
        <Form.Item name={[name, 'kind']} label={t('training.survey.kind')}>
          <Select options={QUESTION_KINDS.map((k) => ({ value: k, label: t(`training.survey.kind.${k}`) }))} data-testid={`survey-q-kind-${index}`} />
        </Form.Item>
        <Form.Item name={[name, 'title']} label={t('training.survey.question')} rules={[{ required: true, whitespace: true, message: t('training.survey.questionRequired') }]}>
          <Input maxLength={500} data-testid={`survey-q-title-${index}`} />
        </Form.Item>
        <Form.Item name={[name, 'required']} label={t('training.survey.required')} valuePropName="checked">
          <Switch data-testid={`survey-q-required-${index}`} />
        </Form.Item>
      </div>
      {(kind === 'single' || kind === 'multiple') && (
        <Form.Item
          name={[name, 'optionsText']}
          label={t('training.survey.options')}
          extra={t('training.survey.optionsHint')}
          rules={[{ required: true, message: t('training.survey.optionsRequired') }]}
        >
          <Input.TextArea rows={3} data-testid={`survey-q-options-${index}`} />
        </Form.Item>
      )}
    </Card>
  );
}

function Results({ id }: { id: number }) {
  useI18n();
  const res = useSurveyResults(id);
  const r = res.data;
  if (!r) return null;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="survey-results">
      <Typography.Text>
        {t('training.survey.responses', { n: r.responses, m: r.survey.recipients })}
        {r.survey.anonymous ? ` · ${t('training.survey.anonymous')}` : ''}
      </Typography.Text>
      {r.questions.map((q) => (
        <Card key={q.id} size="small" title={`${q.sort}. ${q.title}`} extra={<Tag>{t(`training.survey.kind.${q.kind}`)}</Tag>}>
          <QuestionView q={q} />
        </Card>
      ))}
    </Space>
  );
}

function QuestionView({ q }: { q: QuestionResult }) {
  if (q.kind === 'text') {
    if (!q.texts.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.survey.noAnswers')} />;
    return (
      <Space direction="vertical" style={{ width: '100%' }} data-testid={`survey-texts-${q.id}`}>
        {q.texts.map((a, i) => (
          <div key={i} style={{ borderBottom: '1px solid var(--bd-color-border-secondary)', paddingBottom: 4 }}>
            <Typography.Text>{a.text}</Typography.Text>
            {a.userName && <Typography.Text type="secondary">{` —— ${a.userName}`}</Typography.Text>}
          </div>
        ))}
      </Space>
    );
  }
  const labels = q.kind === 'rating' ? ['1', '2', '3', '4', '5'].map((n) => t('training.survey.stars', { n })) : q.options;
  return (
    <div data-testid={`survey-chart-${q.id}`}>
      {q.kind === 'rating' && <Typography.Text strong>{t('training.survey.average', { n: q.average })}</Typography.Text>}
      <StatChartView chart={{ key: `q${q.id}`, title: '', kind: 'bar', labels, series: [{ key: 'n', name: t('training.survey.count'), values: q.counts }] }} />
    </div>
  );
}
