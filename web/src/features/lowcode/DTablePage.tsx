import { useMemo, useState } from 'react';
import { Button, Card, Descriptions, Empty, Modal, Select, Space, Tabs, Typography } from 'antd';
import { EyeOutlined, UploadOutlined } from '@ant-design/icons';
import {
  addDTableRow,
  deleteDTable,
  deleteDTableRows,
  DTABLE_EXPORT,
  DTABLE_TEMPLATE,
  editDTableRow,
  importDTableRows,
  importDTableRowsAsync,
  listDTableRows,
  listDTables,
  type DTableRow,
  type DTableSchema,
  type DTableSummary,
} from '../../api/lowcode';
import { useDTableSchema, useMyDTables } from '../../api/hooks/lowcode';
import DictSelect from '../../components/DictSelect';
import ImportDialog, { IMPORT_MAX_MB } from '../../components/ImportDialog';
import OrgTreeSelect from '../../components/OrgTreeSelect';
import FormDialog from '../../components/form/FormDialog';
import CrudList from '../../components/list/CrudList';
import ExportButton from '../../components/list/ExportButton';
import { IconAction } from '../../components/list/RowActions';
import ListView from '../../components/list/ListView';
import { filterParams } from '../../components/list/query';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { hasPermission } from '../../lib/permission';
import { cellText, formFields, fromForm, searchFields, toForm } from './dtableView';
import { lazyDialog } from '../../lib/lazyDialog';
import { dtableRowsKey } from './dtableList';

// the table designer (its field grid and the roles it offers), fetched when first opened
const DTableDesignDialog = lazyDialog(() => import('./DTableDesignDialog'));

/** /dtable: the dynamic tables the caller's roles may read, each with its generated screen; holders of the dtable
 *  function code also design them. */
export default function DTablePage() {
  useI18n();
  const design = hasPermission('dtable');
  const [tick, setTick] = useState(0);
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'data', label: t('dtable.tab.data'), children: <DTableData key={tick} /> },
        ...(design ? [{ key: 'design', label: t('dtable.tab.design'), children: <DTableDesign onChanged={() => setTick((n) => n + 1)} /> }] : []),
      ]}
    />
  );
}

const NO_TABLES: DTableSummary[] = [];

function DTableData() {
  const mine = useMyDTables();
  // a failure (shown by the client) counts as no table
  const tables = mine.data ?? (mine.isError ? NO_TABLES : undefined);
  const [chosen, setTableId] = useState<number>();
  const tableId = chosen ?? tables?.[0]?.id;
  const schema = useDTableSchema(tableId).data;
  if (tables && !tables.length) return <Empty description={t('dtable.none')} />;
  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space>
          {t('dtable.table')}
          <Select
            style={{ minWidth: 240 }}
            value={tableId}
            onChange={setTableId}
            options={(tables ?? []).map((x) => ({ value: x.id, label: x.name }))}
            data-testid="dt-table-select"
          />
        </Space>
      </Card>
      {schema && <DTableRows key={schema.id} schema={schema} />}
    </>
  );
}

/** The generated screen of one table: search card, table card, add/edit/view dialogs, delete, export. */
function DTableRows({ schema }: { schema: DTableSchema }) {
  const searches = useMemo(() => searchFields(schema.fields), [schema]);
  const fields: SearchField[] = useMemo(
    () =>
      searches.map((s): SearchField => {
        switch (s.kind) {
          case 'dateRange':
            return { names: s.names, dateRange: true, label: s.label, kind: 'dateRange' };
          case 'dict':
            return {
              names: s.names,
              label: s.label,
              kind: 'custom',
              render: (p) => (
                <DictSelect dictKey={s.field.dictGroupCode} value={p.value} onChange={(v) => p.onChange(v == null ? undefined : String(v))} placeholder={t('list.all')} />
              ),
            };
          case 'org':
            return { names: s.names, label: s.label, kind: 'custom', render: (p) => <OrgTreeSelect value={p.value} onChange={(v) => p.onChange(v)} /> };
          default:
            return { names: s.names, label: s.label, kind: 'text' };
        }
      }),
    [searches],
  );
  const list = useList<DTableRow>(fields, (p) => listDTableRows(schema.id, p), { key: dtableRowsKey(schema.id), inUrl: false });
  const [viewing, setViewing] = useState<DTableRow>();
  const [importing, setImporting] = useState(false);
  const shown = schema.fields.filter((f) => f.inList === 1);
  const columns: ListColumn<DTableRow>[] = [
    ...shown.map(
      (f, i): ListColumn<DTableRow> => ({
        label: f.name,
        key: f.fieldName,
        sortKey: f.sortable === 1 ? f.fieldName : undefined,
        // a free text on one line, '…' and a tooltip when long: the first (the row's name) a little wider
        clip: f.type === 'varchar' ? (i === 0 ? 200 : 160) : undefined,
        render: (_: unknown, row) => cellText(f, row),
      }),
    ),
    { titleKey: 'dtable.updatedAt', dataIndex: 'updatedAt', sortKey: 'updatedAt', render: (v: string) => formatTime(v) },
  ];
  // seeing a row whole is one of its actions, not a column of its own beside them
  const viewAction = (row: DTableRow) => (
    <IconAction label={t('dtable.view')} icon={<EyeOutlined />} onClick={() => setViewing(row)} testId={`dt-view-${row.id}`} />
  );
  const form = useMemo(() => formFields(schema.fields), [schema]);
  const exportButton = <ExportButton path={DTABLE_EXPORT} params={{ ...filterParams(list.state, fields), tableId: String(schema.id) }} />;
  const viewDialog = (
    <Modal open={!!viewing} title={schema.name} footer={null} onCancel={() => setViewing(undefined)} data-testid="dt-view-dialog">
      {viewing && (
        <Descriptions column={1} bordered size="small">
          {schema.fields.map((f) => (
            <Descriptions.Item key={f.fieldName} label={f.name}>
              {cellText(f, viewing)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Modal>
  );
  if (!schema.canWrite) {
    return (
      <>
        <ListView<DTableRow>
          list={list}
          fields={fields}
          columns={[...columns, { titleKey: 'list.actions', key: 'actions', render: (_: unknown, row) => viewAction(row) }]}
          rowKey="id"
          actions={exportButton}
        />
        {viewDialog}
      </>
    );
  }
  return (
    <>
      <CrudList<DTableRow>
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        testId="dt-row"
        rowActions={viewAction}
        rowId={(r) => r.id}
        addLabel={t('dtable.addRow')}
        onDelete={(r) => deleteDTableRows(schema.id, [r.id])}
        actions={
          <>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="dt-import">
              {t('dtable.import')}
            </Button>
            {exportButton}
          </>
        }
        renderDialog={(editing, close, saved) => (
          <FormDialog<Record<string, unknown>>
            open={!!editing}
            title={editing?.row ? t('dtable.editRow') : t('dtable.addRow')}
            fields={form}
            initialValues={toForm(schema.fields, editing?.row)}
            columns={2}
            width={760}
            okTestId="dt-row-ok"
            onClose={close}
            onSaved={saved}
            onSubmit={(values) => {
              const v = fromForm(schema.fields, values);
              return editing?.row ? editDTableRow(schema.id, editing.row.id, v) : addDTableRow(schema.id, v);
            }}
          />
        )}
      />
      {viewDialog}
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => (setImporting(false), list.reload())}
        title={t('dtable.importTitle', { name: schema.name })}
        hint={t('dtable.importHint', { mb: IMPORT_MAX_MB })}
        templatePath={DTABLE_TEMPLATE}
        templateParams={{ tableId: String(schema.id) }}
        send={(file, dryRun) => importDTableRows(schema.id, file, dryRun)}
        sendAsync={(file) => importDTableRowsAsync(schema.id, file)}
        summary={(r) => <Typography.Text data-testid="dt-import-summary">{t('dtable.importSummary', { rows: r.rows, created: r.created })}</Typography.Text>}
        testId="dt-import"
      />
    </>
  );
}

const designFields: SearchField[] = [{ names: ['name'], labelKey: 'dtable.name', kind: 'text' }];

/** The definitions: add, change and delete tables (function code dtable). */
function DTableDesign({ onChanged }: { onChanged(): void }) {
  const list = useList(designFields, listDTables, { key: ['dtables'], inUrl: false });
  const columns: ListColumn<DTableSummary>[] = [
    { titleKey: 'dtable.name', dataIndex: 'name', sortKey: 'name' },
    { titleKey: 'dtable.remark', dataIndex: 'remark', clip: 280 },
    { titleKey: 'dtable.fieldCount', dataIndex: 'fieldCount' },
    { titleKey: 'dtable.updatedAt', dataIndex: 'updatedAt', sortKey: 'updatedAt', render: (v: string) => formatTime(v) },
  ];
  return (
    <CrudList<DTableSummary>
      list={list}
      fields={designFields}
      columns={columns}
      rowKey="id"
      testId="dt-def"
      rowId={(d) => d.name}
      addLabel={t('dtable.add')}
      onDelete={(d) => deleteDTable(d.id)}
      onChanged={onChanged}
      renderDialog={(editing, close, saved) => <DTableDesignDialog open={!!editing} id={editing?.row?.id} onClose={close} onSaved={saved} />}
    />
  );
}
