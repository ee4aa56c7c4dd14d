import { useState } from 'react';
import { Alert, Button, Checkbox, Col, DatePicker, Drawer, Form, Input, InputNumber, Popconfirm, Radio, Row, Select, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { shownByClient } from '../../api/hooks/useWrite';
import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { toast } from '../../api/client';
import { EXAM_DOWNLOADS, getExam, RESULTS_WHEN, searchClasses, type EmployeePick, type Exam, type ExamForm, type TrainingClass, type UnitPick } from '../../api/exam';
import { useDeleteExam, useExam, useExams, usePapers, useSaveExam } from '../../api/hooks/exam';
import FormModal from '../../components/form/FormModal';
import ExportButton from '../../components/list/ExportButton';
import Panel from '../../components/list/Panel';
import { useConfirmDanger } from '../../components/list/guards';
import { ClipText, headerTitle, IconAction } from '../../components/list/RowActions';
import { EmployeePickerInput, OrgPickerInput } from '../../components/picker';
import RemoteSelect from '../../components/RemoteSelect';
import { t, useI18n } from '../../i18n';
import { points } from './examText';
import { CorrectionsPanel, ExamQuestionsPanel } from './KeyCorrection';

const TIME = 'YYYY-MM-DD HH:mm';

interface Values {
  name: string;
  paperId: number;
  audience: 'people' | 'class';
  organ: UnitPick[];
  employee: EmployeePick[];
  classId?: number;
  opensAt: Dayjs;
  closesAt: Dayjs;
  latestStart?: Dayjs | null;
  durationMin: number;
  attemptsAllowed: number;
  passMark: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  results: Exam['results'];
  leaveLimit: number;
}

/** An exam as its form sends it (publish: the state to save in). */
function examBody(e: Exam, publish: boolean): ExamForm {
  return {
    id: e.id,
    name: e.name,
    paperId: e.paperId,
    ...(e.classId ? { classId: e.classId } : {}),
    organ: e.organ ?? [],
    employee: e.employee ?? [],
    opensAt: dayjs(e.opensAt).format(TIME),
    closesAt: dayjs(e.closesAt).format(TIME),
    latestStart: e.latestStart ? dayjs(e.latestStart).format(TIME) : '',
    durationMin: e.durationMin,
    attemptsAllowed: e.attemptsAllowed,
    passMark: e.passMark,
    shuffleQuestions: e.shuffleQuestions,
    shuffleOptions: e.shuffleOptions,
    results: e.results,
    leaveLimit: e.leaveLimit,
    publish,
  };
}

/** The audience's units through the organisation picker, kept as the exam stores them (code and name). */
function UnitsField({ value, onChange }: { value?: UnitPick[]; onChange?(v: UnitPick[]): void }) {
  const { t } = useI18n();
  return (
    <OrgPickerInput
      multiple
      subordinatesImplied
      title={t('exam.e.pickUnits')}
      value={(value ?? []).map((u) => u.fullUnitCode).join('-') || undefined}
      label={(value ?? []).map((u) => u.unitName).join(',')}
      onChange={(_, items) => onChange?.(items.map((u) => ({ fullUnitCode: u.fullUnitCode, unitName: u.unitLabel || u.unitName })))}
      testId="exam-e-units"
    />
  );
}

function PeopleField({ value, onChange }: { value?: EmployeePick[]; onChange?(v: EmployeePick[]): void }) {
  const { t } = useI18n();
  return (
    <EmployeePickerInput
      multiple
      title={t('exam.e.pickPeople')}
      value={(value ?? []).map((u) => u.code).join(',') || undefined}
      label={(value ?? []).map((u) => u.name).join(',')}
      onChange={(_, items) => onChange?.(items.map((u) => ({ code: u.code, name: u.name })))}
      testId="exam-e-people"
    />
  );
}

function ExamDialog({ target, onClose, onSaved }: { target: { row?: Exam } | null; onClose(): void; onSaved(): void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const papers = usePapers().data ?? [];
  const save = useSaveExam();
  const row = target?.row;
  const audience = Form.useWatch('audience', form);
  const paperId = Form.useWatch('paperId', form);
  const paper = papers.find((p) => p.id === paperId);
  const started = !!row && row.takers > 0;
  const toBody = (v: Values): ExamForm => ({
    ...(row ? { id: row.id } : {}),
    name: v.name.trim(),
    paperId: v.paperId,
    // no class: none sent (the server refuses 0)
    ...(v.audience === 'class' && v.classId ? { classId: v.classId } : {}),
    organ: v.audience === 'people' ? v.organ ?? [] : [],
    employee: v.audience === 'people' ? v.employee ?? [] : [],
    opensAt: v.opensAt.format(TIME),
    closesAt: v.closesAt.format(TIME),
    latestStart: v.latestStart ? v.latestStart.format(TIME) : '',
    durationMin: v.durationMin,
    attemptsAllowed: v.attemptsAllowed,
    passMark: v.passMark,
    shuffleQuestions: v.shuffleQuestions,
    shuffleOptions: v.shuffleOptions,
    results: v.results,
    leaveLimit: v.leaveLimit,
    publish: row?.state === 'published',
  });
  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t(row ? 'exam.e.edit' : 'exam.e.add')}
      values={() =>
        row
          ? {
              name: row.name,
              paperId: row.paperId,
              audience: row.classId ? 'class' : 'people',
              organ: row.organ ?? [],
              employee: row.employee ?? [],
              classId: row.classId || undefined,
              opensAt: dayjs(row.opensAt),
              closesAt: dayjs(row.closesAt),
              latestStart: row.latestStart ? dayjs(row.latestStart) : null,
              durationMin: row.durationMin,
              attemptsAllowed: row.attemptsAllowed,
              passMark: row.passMark,
              shuffleQuestions: row.shuffleQuestions,
              shuffleOptions: row.shuffleOptions,
              results: row.results,
              leaveLimit: row.leaveLimit,
            }
          : {
              audience: 'people',
              organ: [],
              employee: [],
              opensAt: dayjs().startOf('minute'),
              closesAt: dayjs().add(7, 'day').startOf('hour'),
              durationMin: 60,
              attemptsAllowed: 1,
              shuffleQuestions: true,
              shuffleOptions: true,
              results: 'now',
              leaveLimit: 0,
            }
      }
      save={(v) => save.mutateAsync(toBody(v))}
      onClose={onClose}
      onSaved={onSaved}
      width={880}
      okTestId="exam-e-ok"
      testId="exam-e-form"
    >
      {started && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('exam.e.startedHint')} />}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('exam.col.name')} rules={[{ required: true, whitespace: true, message: t('exam.e.nameRequired') }]}>
            <Input maxLength={100} data-testid="exam-e-name" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="paperId" label={t('exam.col.paper')} rules={[{ required: true, message: t('exam.e.paperRequired') }]}
            extra={paper ? t('exam.e.paperLine', { n: paper.count, total: points(paper.total) }) : undefined}>
            <Select
              disabled={started}
              showSearch
              optionFilterProp="label"
              data-testid="exam-e-paper"
              options={papers.map((p) => ({ value: p.id, label: p.name }))}
              onChange={(id: number) => {
                const p = papers.find((x) => x.id === id);
                if (p && form.getFieldValue('passMark') == null) form.setFieldValue('passMark', p.passMark);
              }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="audience" label={t('exam.e.audience')}>
        <Radio.Group
          data-testid="exam-e-audience"
          options={[
            { value: 'people', label: t('exam.e.audience.people') },
            { value: 'class', label: t('exam.e.audience.class') },
          ]}
        />
      </Form.Item>
      {audience === 'class' ? (
        <Form.Item name="classId" label={t('exam.col.class')} rules={[{ required: true, message: t('exam.e.classRequired') }]}>
          <RemoteSelect<TrainingClass>
            cacheKey="examClasses"
            search={searchClasses}
            toOption={(c) => ({ value: c.id, label: c.name })}
            label={row?.className}
            placeholder={t('exam.e.classPlaceholder')}
            testId="exam-e-class"
          />
        </Form.Item>
      ) : (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="organ" label={t('exam.e.units')} extra={t('exam.e.audienceHint')}>
              <UnitsField />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="employee" label={t('exam.e.people')}>
              <PeopleField />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="opensAt" label={t('exam.col.opensAt')} rules={[{ required: true, message: t('exam.e.timeRequired') }]}>
            <DatePicker showTime format={TIME} style={{ width: '100%' }} data-testid="exam-e-opens" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="closesAt"
            label={t('exam.col.closesAt')}
            dependencies={['opensAt']}
            rules={[
              { required: true, message: t('exam.e.timeRequired') },
              ({ getFieldValue }) => ({
                validator: (_, v?: Dayjs) =>
                  !v || v.isAfter(getFieldValue('opensAt') as Dayjs) ? Promise.resolve() : Promise.reject(new Error(t('exam.e.closeBeforeOpen'))),
              }),
            ]}
          >
            <DatePicker showTime format={TIME} style={{ width: '100%' }} data-testid="exam-e-closes" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="latestStart" label={t('exam.col.latestStart')} extra={t('exam.e.latestHint')}>
            <DatePicker showTime format={TIME} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="durationMin" label={t('exam.col.duration')} rules={[{ required: true, type: 'number', min: 1, max: 600, message: t('exam.e.durationBad') }]}>
            <InputNumber min={1} max={600} addonAfter={t('exam.minutes')} style={{ width: '100%' }} disabled={started} data-testid="exam-e-duration" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="attemptsAllowed" label={t('exam.col.attempts')}>
            <InputNumber min={1} max={20} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="passMark"
            label={t('exam.col.passMark')}
            dependencies={['paperId']}
            rules={[
              { required: true, message: t('exam.p.passRequired') },
              { validator: (_, v?: number) => (v == null || !paper || v <= paper.total ? Promise.resolve() : Promise.reject(new Error(t('exam.p.passAbove')))) },
            ]}
          >
            <InputNumber min={0} style={{ width: '100%' }} data-testid="exam-e-pass" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="leaveLimit" label={t('exam.col.leaveLimit')} extra={t('exam.e.leaveHint')}>
            <InputNumber min={0} max={50} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="results" label={t('exam.col.results')}>
            <Select options={RESULTS_WHEN.map((r) => ({ value: r, label: t(`exam.results.${r}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('exam.e.shuffle')}>
            <Space>
              <Form.Item name="shuffleQuestions" valuePropName="checked" noStyle>
                <Checkbox>{t('exam.e.shuffleQuestions')}</Checkbox>
              </Form.Item>
              <Form.Item name="shuffleOptions" valuePropName="checked" noStyle>
                <Checkbox>{t('exam.e.shuffleOptions')}</Checkbox>
              </Form.Item>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

/** The audience of a row: the list carries none, so it is read with the exam (cached). */
function AudienceCell({ exam }: { exam: Exam }) {
  const full = useExam(exam.id).data;
  return (
    <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 140 }} data-testid={`exam-e-audience-${exam.id}`}>
      {full ? audienceText(full) : ''}
    </Typography.Text>
  );
}

const audienceText = (e: Exam) =>
  e.classId ? e.className : [...(e.organ ?? []).map((u) => u.unitName), ...(e.employee ?? []).map((p) => p.name)].join('、') || t('exam.e.allStaff');

/** /exam_manage: the exams with their figures; add, edit, publish (confirmed), delete (nobody started); export 'exams'. */
export default function ExamManagePage() {
  const { t } = useI18n();
  const [keyword, setKeyword] = useState('');
  const exams = useExams(keyword);
  const save = useSaveExam();
  const del = useDeleteExam();
  const [editing, setEditing] = useState<{ row?: Exam } | null>(null);
  const [keys, setKeys] = useState<Exam | null>(null);
  const { confirmDanger, holder } = useConfirmDanger();
  // the list's rows carry no audience: the exam is read whole before it is saved or edited
  const publish = (e: Exam) =>
    getExam(e.id)
      .then((full) => save.mutateAsync(examBody(full, true)))
      .then(() => toast('success', t('exam.e.published')), shownByClient);
  const edit = (e: Exam) => getExam(e.id).then((full) => setEditing({ row: full }), shownByClient);
  return (
    <>
      {holder}
      <Panel
        title={t('nav.exam_manage')}
        testId="exam-exams"
        extra={
          <Space>
            <Input.Search allowClear placeholder={t('exam.e.search')} onSearch={setKeyword} style={{ width: 220 }} data-testid="exam-e-search" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="exam-e-add">
              {t('exam.e.add')}
            </Button>
            <ExportButton path={EXAM_DOWNLOADS.exams} params={keyword ? { keyword } : {}} testId="exam-e-export" />
          </Space>
        }
      >
        {exams.isError ? (
          <Alert type="error" showIcon message={t('common.loadFailed')} action={<Button onClick={() => void exams.refetch()}>{t('common.retry')}</Button>} />
        ) : (
          <Table<Exam>
            rowKey="id"
            loading={exams.isLoading}
            dataSource={exams.data ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: t('exam.e.empty') }}
            columns={[
              {
                title: t('exam.col.name'),
                dataIndex: 'name',
                render: (v: string, e) => (
                  <Space direction="vertical" size={0}>
                    <ClipText max={160}>
                      <Typography.Text strong>{v}</Typography.Text>
                    </ClipText>
                    <ClipText max={160}>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {e.paperName}
                      </Typography.Text>
                    </ClipText>
                  </Space>
                ),
              },
              {
                title: t('exam.e.audience'),
                key: 'audience',
                render: (_: unknown, e) => <AudienceCell exam={e} />,
              },
              {
                title: t('exam.e.when'),
                key: 'when',
                render: (_: unknown, e) => (
                  <span style={{ whiteSpace: 'nowrap' }}>
                    {dayjs(e.opensAt).format(TIME)}
                    <br />~ {dayjs(e.closesAt).format(TIME)}
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('exam.col.duration')} {t('exam.minutesN', { n: e.durationMin })}
                    </Typography.Text>
                  </span>
                ),
              },
              { title: headerTitle(t('exam.e.totalPass')), key: 'tp', align: 'right', width: 112, render: (_: unknown, e) => `${points(e.total)} / ${points(e.passMark)}` },
              { title: headerTitle(t('exam.col.results')), dataIndex: 'results', render: (v: Exam['results']) => t(`exam.results.${v}`) },
              {
                title: t('exam.e.state'),
                dataIndex: 'state',
                render: (v: Exam['state'], e) => (
                  <Tag color={v === 'published' ? 'green' : 'default'} data-testid={`exam-e-state-${e.id}`}>
                    {t(`exam.state.${v}`)}
                  </Tag>
                ),
              },
              {
                title: headerTitle(t('exam.e.figures')),
                key: 'figures',
                render: (_: unknown, e) => (
                  <Space direction="vertical" size={2}>
                    <span style={{ whiteSpace: 'nowrap' }}>{t('exam.e.figuresLine', { takers: e.takers, passed: e.passed, avg: points(e.average) })}</span>
                    {e.pending > 0 && <Tag color="orange">{t('exam.e.pendingN', { n: e.pending })}</Tag>}
                  </Space>
                ),
              },
              {
                // icons, their words the tooltip: the words ('Questions and keys') squeezed the exam's name (issue 28)
                title: t('list.actions'),
                key: 'actions',
                render: (_: unknown, e) => (
                  <Space size={0}>
                    {e.state === 'draft' && (
                      <Popconfirm
                        title={t('exam.e.publishConfirm')}
                        description={t('exam.e.publishHint')}
                        onConfirm={() => publish(e)}
                        okButtonProps={{ 'data-testid': 'exam-e-publish-ok' }}
                      >
                        <Tooltip title={t('exam.e.publish')}>
                          <Button type="link" size="small" icon={<SendOutlined />} aria-label={t('exam.e.publish')} data-testid={`exam-e-publish-${e.id}`} />
                        </Tooltip>
                      </Popconfirm>
                    )}
                    <IconAction label={t('exam.k.tab')} icon={<KeyOutlined />} onClick={() => setKeys(e)} testId={`exam-e-keys-${e.id}`} />
                    <IconAction label={t('list.edit')} icon={<EditOutlined />} onClick={() => void edit(e)} testId={`exam-e-edit-${e.id}`} />
                    <IconAction
                      label={t('list.delete')}
                      icon={<DeleteOutlined />}
                      danger
                      disabled={e.takers > 0}
                      onClick={() => confirmDanger(() => del.mutateAsync(e.id).then(() => toast('success', t('msg.operationSuccessful')), shownByClient))}
                    />
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Panel>
      <ExamDialog target={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
      {keys && (
        <Drawer open width={1000} title={t('exam.k.drawer', { name: keys.name })} onClose={() => setKeys(null)} destroyOnHidden>
          <Tabs
            items={[
              { key: 'questions', label: t('exam.k.tab'), children: <ExamQuestionsPanel examId={keys.id} /> },
              { key: 'corrections', label: t('exam.k.historyTab'), children: <CorrectionsPanel examId={keys.id} /> },
            ]}
          />
        </Drawer>
      )}
    </>
  );
}
