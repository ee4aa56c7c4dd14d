import { useEffect, useState } from 'react';
import { Button, Checkbox, Divider, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { RoleSummary } from '../../api/admin';
import {
  addDReport,
  datasetShape,
  editDReport,
  getDReport,
  type DReportColumn,
  type DReportDataset,
  type DReportShape,
} from '../../api/lowcode';
import { shownByClient } from '../../api/hooks/useWrite';
import { useAllRoles } from '../../api/hooks/admin';
import { useReportDatasets } from '../../api/hooks/lowcode';
import { SubmitModal } from '../../components/form/FormModal';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { t, useI18n } from '../../i18n';
import { useDictData } from '../../lib/dictSelect';
import { followShape, formToLayout, layoutToForm, type LayoutForm } from './dreportView';

interface Props {
  open: boolean;
  /** the report edited; none adds one */
  id?: number;
  onClose(): void;
  onSaved(): void;
}

type Values = LayoutForm & { name: string; remark: string; datasetId?: number; roles: number[]; inMenu: boolean };

const FORMATS: DReportColumn['format'][] = ['text', 'number', 'date', 'percent'];
const CHARTS = ['', 'line', 'bar', 'pie'] as const;
const WIDGETS = ['text', 'date', 'org', 'dict'] as const;

const NO_ROLES: RoleSummary[] = [];
const NO_DATASETS: DReportDataset[] = [];

/** The designer of a report: its dataset, columns (titles, formats, totals), chart, filter widgets, roles and menu. */
export default function DReportDesignDialog({ open, id, onClose, onSaved }: Props) {
  useI18n();
  const [form] = Form.useForm<Values>();
  const roles = useAllRoles().data ?? NO_ROLES;
  const datasets = useReportDatasets(open).data ?? NO_DATASETS;
  const [shape, setShape] = useState<DReportShape>();
  const dict = useDictData();
  const chartType = Form.useWatch('chartType', form);
  const columns = (Form.useWatch('columns', form) ?? []) as DReportColumn[];
  const filters = (Form.useWatch('filters', form) ?? []) as Values['filters'];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setShape(undefined);
    if (id) {
      getDReport(id).then((r) => {
        form.setFieldsValue({ name: r.name, remark: r.remark, datasetId: r.datasetId, roles: r.roles, inMenu: r.inMenu, ...layoutToForm(r.layout) });
        datasetShape(r.datasetId).then((s) => {
          setShape(s);
          // parameters added to the dataset since get a text box
          form.setFieldValue('filters', followShape(s, form.getFieldsValue(['columns', 'filters']) as LayoutForm).filters);
        }, shownByClient);
      }, onClose);
    } else {
      form.setFieldsValue({ name: '', remark: '', roles: [], inMenu: false, columns: [], chartType: '', filters: [] });
    }
  }, [open, id, form, onClose]);

  const pickDataset = (datasetId: number) => {
    setShape(undefined);
    datasetShape(datasetId).then(
      (s) => {
        setShape(s);
        const next = followShape(s, form.getFieldsValue(['columns', 'filters']) as LayoutForm);
        form.setFieldsValue({ ...next, chartX: undefined, chartY: [] });
      },
      shownByClient,
    );
  };

  const { submit, saving } = useFormSubmit<Values>(
    form,
    (v) => {
      const body = { name: v.name, remark: v.remark ?? '', datasetId: v.datasetId!, roles: v.roles ?? [], inMenu: !!v.inMenu, layout: formToLayout(v) };
      return id ? editDReport({ ...body, id }) : addDReport(body);
    },
    onSaved,
  );

  const columnOptions = (shape?.columns ?? []).map((c) => ({ value: c, label: c }));
  const layoutOptions = columns.filter((c) => c?.key).map((c) => ({ value: c.key, label: c.title || c.key }));
  const dictGroups = dict.map((g) => ({ value: String(g.value), label: `${g.key} (${g.value})` }));
  const paramLabel = (name: string) => shape?.filters.find((p) => p.name === name)?.label || name;

  return (
    <SubmitModal open={open} title={id ? t('dreport.edit') : t('dreport.add')} onClose={onClose} onOk={submit} saving={saving} width={1000} okTestId="dr-def-ok">
      <Form form={form} layout="vertical" data-testid="dr-def-form">
        <Space wrap align="start">
          <Form.Item name="name" label={t('dreport.name')} rules={[{ required: true, whitespace: true, message: t('form.fillIn', { label: t('dreport.name') }) }, { max: 50 }]}>
            <Input style={{ width: 240 }} data-testid="dr-def-name" />
          </Form.Item>
          <Form.Item name="datasetId" label={t('dreport.dataset')} rules={[{ required: true, message: t('form.choose', { label: t('dreport.dataset') }) }]}>
            <Select
              style={{ width: 240 }}
              showSearch
              optionFilterProp="label"
              options={datasets.map((d) => ({ value: d.id, label: d.name }))}
              onChange={pickDataset}
              data-testid="dr-def-dataset"
            />
          </Form.Item>
          <Form.Item name="remark" label={t('dreport.remark')} rules={[{ max: 500 }]}>
            <Input style={{ width: 380 }} />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="roles" label={t('dreport.roles')} extra={t('dreport.rolesHint')}>
            <Select mode="multiple" style={{ width: 420 }} options={roles.map((r) => ({ value: r.id, label: r.name }))} optionFilterProp="label" data-testid="dr-def-roles" />
          </Form.Item>
          <Form.Item name="inMenu" label={t('dreport.inMenu')} valuePropName="checked" extra={t('dreport.inMenuHint')}>
            <Switch data-testid="dr-def-menu" />
          </Form.Item>
        </Space>

        <Divider titlePlacement="left" plain>
          {t('dreport.columns')}
        </Divider>
        <Form.List name="columns" rules={[{ validator: async (_, v: unknown[]) => (v?.length ? undefined : Promise.reject(new Error(t('dreport.needColumns')))) }]}>
          {(items, { add, remove }, { errors }) => (
            <>
              {items.map((it) => (
                <Space key={it.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }} data-testid={`dr-col-${it.name}`}>
                  <Form.Item name={[it.name, 'key']} rules={[{ required: true, message: t('dreport.column') }]} style={{ marginBottom: 0 }}>
                    <Select style={{ width: 180 }} options={columnOptions} placeholder={t('dreport.column')} />
                  </Form.Item>
                  <Form.Item name={[it.name, 'title']} rules={[{ max: 50 }]} style={{ marginBottom: 0 }}>
                    <Input style={{ width: 180 }} placeholder={t('dreport.columnTitle')} data-testid={`dr-col-title-${it.name}`} />
                  </Form.Item>
                  <Form.Item name={[it.name, 'format']} initialValue="text" style={{ marginBottom: 0 }}>
                    <Select style={{ width: 110 }} options={FORMATS.map((f) => ({ value: f, label: t(`dreport.format.${f}`) }))} data-testid={`dr-col-format-${it.name}`} />
                  </Form.Item>
                  <Form.Item name={[it.name, 'total']} valuePropName="checked" style={{ marginBottom: 0 }}>
                    <Checkbox data-testid={`dr-col-total-${it.name}`}>{t('dreport.total')}</Checkbox>
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('dreport.removeColumn')} onClick={() => remove(it.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: undefined, title: '', format: 'text', total: false })} disabled={!shape}>
                {t('dreport.addColumn')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>

        <Divider titlePlacement="left" plain>
          {t('dreport.chart')}
        </Divider>
        <Space wrap align="start">
          <Form.Item name="chartType" label={t('dreport.chartType')}>
            <Select style={{ width: 140 }} options={CHARTS.map((c) => ({ value: c, label: t(`dreport.chart.${c || 'none'}`) }))} data-testid="dr-def-chart" />
          </Form.Item>
          {chartType && (
            <>
              <Form.Item name="chartX" label={t('dreport.chartX')} rules={[{ required: true, message: t('form.choose', { label: t('dreport.chartX') }) }]}>
                <Select style={{ width: 200 }} options={layoutOptions} data-testid="dr-def-chart-x" />
              </Form.Item>
              <Form.Item name="chartY" label={t('dreport.chartY')} rules={[{ required: true, message: t('form.choose', { label: t('dreport.chartY') }) }]}>
                <Select mode="multiple" maxCount={chartType === 'pie' ? 1 : 10} style={{ width: 320 }} options={layoutOptions} data-testid="dr-def-chart-y" />
              </Form.Item>
            </>
          )}
        </Space>

        <Divider titlePlacement="left" plain>
          {t('dreport.filters')}
        </Divider>
        <Form.List name="filters">
          {(items) =>
            items.length === 0 ? (
              <Typography.Text type="secondary">{t('dreport.noFilters')}</Typography.Text>
            ) : (
              items.map((it) => (
                <Space key={it.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                  <Typography.Text style={{ width: 180, display: 'inline-block' }}>
                    <Form.Item name={[it.name, 'name']} noStyle>
                      <input type="hidden" />
                    </Form.Item>
                    :{filters[it.name]?.name} {paramLabel(filters[it.name]?.name ?? '') !== filters[it.name]?.name && `(${paramLabel(filters[it.name]?.name ?? '')})`}
                  </Typography.Text>
                  <Form.Item name={[it.name, 'widget']} style={{ marginBottom: 0 }}>
                    <Select style={{ width: 160 }} options={WIDGETS.map((w) => ({ value: w, label: t(`dreport.widget.${w}`) }))} data-testid={`dr-filter-widget-${filters[it.name]?.name}`} />
                  </Form.Item>
                  {filters[it.name]?.widget === 'dict' && (
                    <Form.Item name={[it.name, 'dictGroupCode']} rules={[{ required: true, message: t('dreport.dictGroup') }]} style={{ marginBottom: 0 }}>
                      <Select showSearch optionFilterProp="label" style={{ width: 240 }} options={dictGroups} placeholder={t('dreport.dictGroup')} />
                    </Form.Item>
                  )}
                </Space>
              ))
            )
          }
        </Form.List>
      </Form>
    </SubmitModal>
  );
}
