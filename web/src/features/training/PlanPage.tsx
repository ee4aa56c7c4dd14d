import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Progress, Select, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { toast } from '../../api/client';
import { shownByClient } from '../../api/hooks/useWrite';
import { listClasses, PLAN_EXPORT, type Plan, type TrainingClass } from '../../api/training';
import OrgFilterSelect from '../../components/OrgFilterSelect';
import ExportButton from '../../components/list/ExportButton';
import { headerTitle } from '../../components/list/RowActions';
import { useConfirmDanger } from '../../components/list/guards';
import { OrgPickerInput } from '../../components/picker';
import { t, useI18n } from '../../i18n';
import { ClassStateTag } from './parts';
import { useDeletePlan, usePlanList, useSavePlan } from './queries';

const thisYear = new Date().getFullYear();

/** held against planned: "3 / 5" and a bar (no bar when nothing is planned) */
function Against({ held, planned, unit, testId }: { held: number; planned: number; unit?: string; testId: string }) {
  return (
    <Space direction="vertical" size={0} style={{ minWidth: 120 }} data-testid={testId}>
      <Typography.Text>
        {held}
        {unit ?? ''} / {planned > 0 ? `${planned}${unit ?? ''}` : t('training.plan.none')}
      </Typography.Text>
      {planned > 0 && <Progress percent={Math.min(100, Math.round((held * 100) / planned))} size="small" status={held >= planned ? 'success' : 'active'} />}
    </Space>
  );
}

/** /training_plan: the yearly training plans per unit: list by year, unit and words; add, edit, delete (without
 * classes); each plan's classes and its progress (classes held and hours against planned); export 'training plans'. */
export default function PlanPage() {
  useI18n();
  const [year, setYear] = useState<number | undefined>(thisYear);
  const [unit, setUnit] = useState<{ code?: string; label?: string }>({});
  const [keyword, setKeyword] = useState('');
  const filter = { year, unitCode: unit.code, keyword: keyword.trim() };
  const list = usePlanList(filter);
  const del = useDeletePlan();
  const [editing, setEditing] = useState<{ row?: Plan } | null>(null);
  const { confirmDanger, holder } = useConfirmDanger();
  const columns = [
    { title: t('training.plan.year'), dataIndex: 'year', width: 80 },
    {
      title: t('training.plan.unit'),
      dataIndex: 'unitLabel',
      render: (v: string, p: Plan) => <div style={{ minWidth: 180 }}>{v || p.unitCode}</div>,
    },
    {
      title: t('training.plan.title'),
      dataIndex: 'title',
      render: (v: string, p: Plan) => (
        <Space direction="vertical" size={0} style={{ minWidth: 180 }}>
          <Typography.Text strong>{v}</Typography.Text>
          {p.remark && <Typography.Text type="secondary">{p.remark}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: headerTitle(t('training.plan.classesProgress')),
      key: 'classes',
      width: 170,
      render: (_: unknown, p: Plan) => <Against held={p.classesHeld} planned={p.plannedClasses} testId={`plan-classes-${p.id}`} />,
    },
    {
      title: headerTitle(t('training.plan.hoursProgress')),
      key: 'hours',
      width: 170,
      render: (_: unknown, p: Plan) => <Against held={p.hoursHeld} planned={p.plannedHours} unit={t('training.plan.hourUnit')} testId={`plan-hours-${p.id}`} />,
    },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 130,
      render: (_: unknown, p: Plan) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setEditing({ row: p })} data-testid={`plan-edit-${p.id}`}>
            {t('list.edit')}
          </Button>
          <Button size="small" type="link" danger onClick={() => confirmDanger(() => del.mutateAsync(p.id))} data-testid={`plan-delete-${p.id}`}>
            {t('list.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  const params: Record<string, string> = {
    ...(year ? { year: String(year) } : {}),
    ...(unit.code ? { unitCode: unit.code } : {}),
    ...(filter.keyword ? { keyword: filter.keyword } : {}),
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="plan-page">
      <Card size="small">
        <Space wrap>
          <Select
            allowClear
            placeholder={t('training.plan.allYears')}
            value={year}
            onChange={setYear}
            options={[thisYear + 1, thisYear, thisYear - 1, thisYear - 2, thisYear - 3].map((y) => ({ value: y, label: String(y) }))}
            style={{ width: 120 }}
            data-testid="plan-year"
          />
          <div style={{ width: 280 }}>
            <OrgFilterSelect testId="plan-unit" value={unit.code} label={unit.label} onChange={(code, label) => setUnit({ code, label })} />
          </div>
          <Input.Search allowClear placeholder={t('training.plan.keyword')} onSearch={setKeyword} style={{ width: 240 }} data-testid="plan-keyword" />
        </Space>
      </Card>
      <Card
        size="small"
        title={t('nav.training_plan')}
        extra={
          <Space>
            <ExportButton path={PLAN_EXPORT} params={params} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="plan-add">
              {t('training.plan.add')}
            </Button>
          </Space>
        }
      >
        <Table<Plan>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          columns={columns}
          pagination={{ pageSize: 50 }}
          expandable={{ expandedRowRender: (p) => <PlanClasses plan={p} />, rowExpandable: (p) => p.classes > 0 }}
        />
      </Card>
      {editing && <PlanDialog row={editing.row} defaultYear={year ?? thisYear} onClose={() => setEditing(null)} />}
      {holder}
    </Space>
  );
}

/** a plan's classes (the class list by plan), each opening its class page */
function PlanClasses({ plan }: { plan: Plan }) {
  const q = useQuery({
    queryKey: ['training', 'plans', 'classes', plan.id],
    queryFn: () => listClasses({ planId: String(plan.id), limit: '100', sort: 'startDate', order: 'asc' }),
  });
  const rows: TrainingClass[] = q.data?.records ?? [];
  return (
    <Table<TrainingClass>
      rowKey="id"
      size="small"
      loading={q.isFetching}
      dataSource={rows}
      pagination={false}
      data-testid={`plan-class-list-${plan.id}`}
      columns={[
        { title: t('training.class.name'), dataIndex: 'name', render: (v: string, c) => <Link to={`/training_class?id=${c.id}`}>{v}</Link> },
        { title: t('training.plan.unit'), dataIndex: 'unitLabel' },
        { title: t('training.class.period'), key: 'period', render: (_: unknown, c) => `${c.startDate} ~ ${c.endDate}` },
        { title: t('training.class.state'), dataIndex: 'state', render: (s: TrainingClass['state']) => <ClassStateTag state={s} /> },
      ]}
    />
  );
}

interface Values {
  year: number;
  unitCode: string;
  title: string;
  plannedClasses?: number;
  plannedHours?: number;
  remark?: string;
}

function PlanDialog({ row, defaultYear, onClose }: { row?: Plan; defaultYear: number; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const save = useSavePlan();
  const submit = async () => {
    const v = await form.validateFields();
    await save
      .mutateAsync({
        ...(row ? { id: row.id } : {}),
        year: v.year,
        unitCode: v.unitCode,
        title: v.title.trim(),
        plannedClasses: v.plannedClasses ?? 0,
        plannedHours: v.plannedHours ?? 0,
        remark: (v.remark ?? '').trim(),
      })
      .then(() => {
        toast('success', t('training.plan.saved'));
        onClose();
      }, shownByClient);
  };
  return (
    <Modal
      open
      width={640}
      title={t(row ? 'training.plan.edit' : 'training.plan.add')}
      onCancel={onClose}
      onOk={() => void submit().catch(shownByClient)}
      okButtonProps={{ loading: save.isPending, ...({ 'data-testid': 'plan-ok' } as object) }}
      destroyOnClose
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={row ? { ...row } : { year: defaultYear, plannedClasses: 0, plannedHours: 0 }}
      >
        <Form.Item name="year" label={t('training.plan.year')} rules={[{ required: true }]}>
          <InputNumber min={2000} max={2100} precision={0} data-testid="plan-form-year" />
        </Form.Item>
        <Form.Item name="unitCode" label={t('training.plan.unit')} rules={[{ required: true, message: t('training.plan.unitRequired') }]}>
          <OrgPickerInput label={row?.unitLabel} title={t('training.plan.unit')} testId="plan-form-unit" />
        </Form.Item>
        <Form.Item name="title" label={t('training.plan.title')} rules={[{ required: true, whitespace: true, message: t('training.plan.titleRequired') }]}>
          <Input maxLength={100} data-testid="plan-form-title" />
        </Form.Item>
        <Space size={16} wrap>
          <Form.Item name="plannedClasses" label={t('training.plan.plannedClasses')}>
            <InputNumber min={0} max={10000} precision={0} data-testid="plan-form-classes" />
          </Form.Item>
          <Form.Item name="plannedHours" label={t('training.plan.plannedHours')}>
            <InputNumber min={0} max={10000} precision={0} data-testid="plan-form-hours" />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label={t('training.plan.remark')}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="plan-form-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
