import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, Form, Input, Row, Space, Table, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { addDataset, deleteDataset, editDataset, listDatasets, testDataset, type Dataset, type DatasetParam, type DatasetResult } from '../../api/lowcode';
import { SubmitModal } from '../../components/form/FormModal';
import CrudList from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import DatasetCatalogPanel from './DatasetCatalogPanel';
import { insertAt, paramNames } from './datasetView';

const fields: SearchField[] = [{ names: ['name'], labelKey: 'dataset.name', kind: 'text' }];

/** /dataset_manager: named read-only queries with :name parameters, tested with sample values. */
export default function DatasetPage() {
  useI18n();
  const list = useList(fields, listDatasets, { key: ['listDatasets'] });
  const columns: ListColumn<Dataset>[] = [
    { titleKey: 'dataset.name', dataIndex: 'name', sortKey: 'name' },
    { titleKey: 'dataset.remark', dataIndex: 'remark' },
    { titleKey: 'dataset.params', key: 'params', render: (_: unknown, d) => d.params.map((p) => `:${p.name}`).join(' ') },
    { titleKey: 'dataset.updatedAt', dataIndex: 'updatedAt', sortKey: 'updatedAt', render: (v: string) => formatTime(v) },
  ];
  return (
    <CrudList<Dataset>
      list={list}
      fields={fields}
      columns={columns}
      rowKey="id"
      testId="ds"
      rowId={(d) => d.name}
      addLabel={t('dataset.add')}
      onDelete={(d) => deleteDataset(d.id)}
      renderDialog={(editing, close, saved) => <DatasetDialog open={!!editing} dataset={editing?.row} onClose={close} onSaved={saved} />}
    />
  );
}

interface Values {
  name: string;
  remark: string;
  sql: string;
  params: DatasetParam[];
}

function DatasetDialog({ open, dataset, onClose, onSaved }: { open: boolean; dataset?: Dataset; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<Values>();
  const [result, setResult] = useState<DatasetResult>();
  const [testing, setTesting] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const sql = Form.useWatch('sql', form) ?? '';
  const editor = useRef<TextAreaRef>(null);
  // A name clicked in the catalogue goes where the cursor is (or replaces the selection), then the cursor follows it.
  const insert = (piece: string) => {
    const el = editor.current?.resizableTextArea?.textArea;
    const text = (form.getFieldValue('sql') as string | undefined) ?? '';
    const start = el ? el.selectionStart : text.length;
    const end = el ? el.selectionEnd : text.length;
    const next = insertAt(text, start, end, piece);
    // The textarea is written first, so that the cursor is placed at once (a key typed right after the click
    // lands after the name) and the form's render finds the same text and leaves the cursor alone.
    if (el) {
      el.value = next.text;
      el.focus();
      el.setSelectionRange(next.cursor, next.cursor);
    }
    form.setFieldValue('sql', next.text);
  };

  useEffect(() => {
    if (!open) return;
    setResult(undefined);
    setRefusal(undefined);
    form.resetFields();
    form.setFieldsValue(dataset ? { name: dataset.name, remark: dataset.remark, sql: dataset.sql, params: dataset.params } : { name: '', remark: '', sql: '', params: [] });
  }, [open, dataset, form]);

  // The parameters follow the statement: one row per :name, keeping what was typed for a name still there.
  useEffect(() => {
    const old = (form.getFieldValue('params') as DatasetParam[] | undefined) ?? [];
    const next = paramNames(sql).map((name) => old.find((p) => p.name === name) ?? { name, label: '', sample: '' });
    if (JSON.stringify(next) !== JSON.stringify(old)) form.setFieldValue('params', next);
  }, [sql, form]);

  const { submit, saving } = useFormSubmit<Values>(
    form,
    (v) => (dataset ? editDataset({ ...v, id: dataset.id, params: v.params ?? [] }) : addDataset({ ...v, params: v.params ?? [] })),
    onSaved,
  );
  const test = () => {
    const v = form.getFieldsValue();
    const values = Object.fromEntries((v.params ?? []).map((p) => [p.name, p.sample ?? '']));
    setTesting(true);
    setRefusal(undefined);
    testDataset(v.sql ?? '', values, { silent: true, onFail: (m) => setRefusal(m) })
      .then(setResult, () => setResult(undefined))
      .finally(() => setTesting(false));
  };

  return (
    <SubmitModal open={open} title={dataset ? t('dataset.edit') : t('dataset.add')} onClose={onClose} onOk={submit} saving={saving} width={1240} okTestId="ds-ok">
      <Row gutter={20} wrap={false}>
      <Col flex="auto" style={{ minWidth: 0 }}>
      <Form form={form} layout="vertical" data-testid="ds-form">
        <Space align="start" wrap>
          <Form.Item name="name" label={t('dataset.name')} rules={[{ required: true, whitespace: true, message: t('form.fillIn', { label: t('dataset.name') }) }, { max: 50 }]}>
            <Input style={{ width: 280 }} data-testid="ds-name" />
          </Form.Item>
          <Form.Item name="remark" label={t('dataset.remark')} rules={[{ max: 500 }]}>
            <Input style={{ width: 420 }} />
          </Form.Item>
        </Space>
        <Form.Item name="sql" label={t('dataset.sql')} extra={t('dataset.sqlHint')} rules={[{ required: true, whitespace: true, message: t('form.fillIn', { label: t('dataset.sql') }) }, { max: 20000 }]}>
          <Input.TextArea ref={editor} rows={10} style={{ fontFamily: 'monospace' }} data-testid="ds-sql" />
        </Form.Item>
        <Form.List name="params">
          {(items) =>
            items.length > 0 && (
              <>
                <Typography.Text strong>{t('dataset.params')}</Typography.Text>
                {items.map((it) => (
                  <Space key={it.key} style={{ display: 'flex', marginTop: 8 }}>
                    <Form.Item noStyle name={[it.name, 'name']}>
                      <Input disabled style={{ width: 140 }} addonBefore=":" />
                    </Form.Item>
                    <Form.Item noStyle name={[it.name, 'label']} rules={[{ max: 50 }]}>
                      <Input style={{ width: 180 }} placeholder={t('dataset.param.label')} />
                    </Form.Item>
                    <Form.Item noStyle name={[it.name, 'sample']} rules={[{ max: 1000 }]}>
                      <Input style={{ width: 220 }} placeholder={t('dataset.param.sample')} data-testid={`ds-sample-${it.name}`} />
                    </Form.Item>
                  </Space>
                ))}
              </>
            )
          }
        </Form.List>
      </Form>
      <Button style={{ marginTop: 12 }} onClick={test} loading={testing} data-testid="ds-test">
        {t('dataset.test')}
      </Button>
      {refusal && <Alert type="error" showIcon style={{ marginTop: 12 }} message={t('dataset.error')} description={refusal} data-testid="ds-error" />}
      {result && (
        <div style={{ marginTop: 12 }} data-testid="ds-result">
          <Typography.Text type="secondary">{t('dataset.elapsed', { n: result.rows.length, ms: result.elapsedMs })}</Typography.Text>
          {result.truncated && <Alert type="info" showIcon style={{ margin: '8px 0' }} message={t('dataset.truncated', { n: result.rows.length })} />}
          <Table
            size="small"
            scroll={{ x: true }}
            pagination={false}
            rowKey={(_, i) => String(i)}
            dataSource={result.rows.map((r) => Object.fromEntries(r.map((c, i) => [String(i), c])))}
            columns={result.columns.map((c, i) => ({ title: c, dataIndex: String(i), render: (v: unknown) => (v == null ? '' : String(v)) }))}
          />
        </div>
      )}
      </Col>
      <Col flex="340px" style={{ borderLeft: '1px solid var(--bd-color-border-secondary)' }}>
        <DatasetCatalogPanel onInsert={insert} />
      </Col>
      </Row>
    </SubmitModal>
  );
}
