import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import { shownByClient } from '../../api/hooks/useWrite';
import { HONOUR_EXPORT, HONOUR_KINDS, type Honour, type HonourKind } from '../../api/trainingSurvey';
import ExportButton from '../../components/list/ExportButton';
import { useConfirmDanger } from '../../components/list/guards';
import { t, useI18n } from '../../i18n';
import { useDeleteHonour, useHonourCandidates, useHonours, useSaveHonour } from './surveyQueries';

const KIND_COLOR: Record<HonourKind, string> = { trainee: 'gold', lecturer: 'purple', class: 'cyan' };

export function HonourKindTag({ kind }: { kind: HonourKind }) {
  return <Tag color={KIND_COLOR[kind]}>{t(`training.honour.kind.${kind}`)}</Tag>;
}

const thisYear = new Date().getFullYear();

/** /training_honour: the honorary catalogue per year (outstanding trainees, lecturers and classes, each with a
 * citation): add, edit, remove, export 'honorary catalogue'. */
export default function HonourPage() {
  useI18n();
  // every year at first (newest first): a year's honours are usually given after it ends, so this year's list is
  // empty most of the year
  const [year, setYear] = useState<number>();
  const [kind, setKind] = useState<HonourKind>();
  const list = useHonours(year, kind);
  const del = useDeleteHonour();
  const [editing, setEditing] = useState<{ row?: Honour } | null>(null);
  const { confirmDanger, holder } = useConfirmDanger();
  const columns = [
    { title: t('training.honour.year'), dataIndex: 'year', width: 80 },
    { title: t('training.honour.kind'), dataIndex: 'kind', width: 120, render: (k: HonourKind) => <HonourKindTag kind={k} /> },
    {
      title: t('training.honour.name'),
      dataIndex: 'name',
      render: (v: string, h: Honour) => (
        <Space direction="vertical" size={0} style={{ minWidth: 160 }}>
          <Typography.Text strong>{v}</Typography.Text>
          {h.unitLabel && <Typography.Text type="secondary">{h.unitLabel}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('training.honour.citation'), dataIndex: 'citation', render: (v: string) => <div style={{ minWidth: 240, maxWidth: 520 }}>{v}</div> },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 140,
      render: (_: unknown, h: Honour) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setEditing({ row: h })} data-testid={`honour-edit-${h.id}`}>
            {t('list.edit')}
          </Button>
          <Button size="small" type="link" danger onClick={() => confirmDanger(() => del.mutateAsync(h.id))} data-testid={`honour-delete-${h.id}`}>
            {t('list.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  const params: Record<string, string> = { ...(year ? { year: String(year) } : {}), ...(kind ? { kind } : {}) };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="honour-page">
      <Card size="small">
        <Space wrap>
          <Select
            allowClear
            placeholder={t('training.honour.allYears')}
            value={year}
            onChange={setYear}
            options={[thisYear + 1, thisYear, thisYear - 1, thisYear - 2, thisYear - 3].map((y) => ({ value: y, label: String(y) }))}
            style={{ width: 120 }}
            data-testid="honour-year"
          />
          <Select
            allowClear
            placeholder={t('training.honour.kind')}
            value={kind}
            onChange={setKind}
            options={HONOUR_KINDS.map((k) => ({ value: k, label: t(`training.honour.kind.${k}`) }))}
            style={{ width: 140 }}
          />
        </Space>
      </Card>
      <Card
        size="small"
        title={t('nav.training_honour')}
        extra={
          <Space>
            <ExportButton path={HONOUR_EXPORT} params={params} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="honour-add">
              {t('training.honour.add')}
            </Button>
          </Space>
        }
      >
        <Table<Honour> rowKey="id" size="middle" loading={list.isFetching} dataSource={list.data ?? []} columns={columns} pagination={{ pageSize: 50 }} />
      </Card>
      {editing && <HonourDialog row={editing.row} defaultYear={year ?? thisYear} onClose={() => setEditing(null)} />}
      {holder}
    </Space>
  );
}

interface Values {
  year: number;
  kind: HonourKind;
  refId: number;
  citation: string;
  sort?: number;
}

function HonourDialog({ row, defaultYear, onClose }: { row?: Honour; defaultYear: number; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveHonour();
  const kind = (Form.useWatch('kind', form) as HonourKind | undefined) ?? row?.kind ?? 'trainee';
  const [keyword, setKeyword] = useState('');
  const candidates = useHonourCandidates(kind, keyword);
  const options = (candidates.data ?? []).map((o) => ({ value: o.id, label: o.extra ? `${o.name}（${o.extra}）` : o.name }));
  if (row && row.kind === kind && !options.some((o) => o.value === row.refId)) options.unshift({ value: row.refId, label: row.unitLabel ? `${row.name}（${row.unitLabel}）` : row.name });
  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ ...(row ? { id: row.id } : {}), year: v.year, kind: v.kind, refId: v.refId, citation: v.citation.trim(), sort: v.sort ?? 0 }).then(() => {
      toast('success', t('training.survey.saved'));
      onClose();
    }, shownByClient);
  };
  return (
    <Modal
      open
      width={600}
      title={t(row ? 'training.honour.edit' : 'training.honour.add')}
      onCancel={onClose}
      onOk={() => void submit().catch(shownByClient)}
      okButtonProps={{ loading: save.isPending, ...({ 'data-testid': 'honour-ok' } as object) }}
      destroyOnClose
    >
      <Form form={form} layout="vertical" initialValues={row ? { ...row } : { year: defaultYear, kind: 'trainee', sort: 0 }}>
        <Space size={16} align="start" wrap>
          <Form.Item name="year" label={t('training.honour.year')} rules={[{ required: true }]}>
            <InputNumber min={2000} max={2100} precision={0} data-testid="honour-form-year" />
          </Form.Item>
          <Form.Item name="kind" label={t('training.honour.kind')} required>
            <Radio.Group
              optionType="button"
              onChange={() => form.setFieldValue('refId', undefined)}
              options={HONOUR_KINDS.map((k) => ({ value: k, label: <span data-testid={`honour-kind-${k}`}>{t(`training.honour.kind.${k}`)}</span> }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="refId" label={t(`training.honour.pick.${kind}`)} rules={[{ required: true, message: t('training.honour.pickRequired') }]}>
          <Select showSearch filterOption={false} onSearch={setKeyword} loading={candidates.isFetching} options={options} data-testid="honour-ref" />
        </Form.Item>
        <Form.Item name="citation" label={t('training.honour.citation')} rules={[{ required: true, whitespace: true, message: t('training.honour.citationRequired') }]}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="honour-citation" />
        </Form.Item>
        <Form.Item name="sort" label={t('training.honour.sort')} extra={t('training.honour.sortHint')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
