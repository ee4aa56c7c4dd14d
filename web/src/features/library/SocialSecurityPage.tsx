/**
 * /expert_talents2_social: social-security records, one row per employee and month (city, contribution base, paying
 * unit, the bureau's certificate). The bureau's monthly list is imported (checked first); the export is 'social
 * security'. The continuous months of experts are shown on the expert pages (docs/library.md).
 */
import { useState } from 'react';
import { Button, Typography } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import {
  addSocial,
  deleteSocial,
  editSocial,
  importSocial,
  listSocial,
  SOCIAL_EXPORT,
  SOCIAL_PATH,
  type LibSocialRecord,
  type SocialForm,
} from '../../api/library';
import ImportDialog, { IMPORT_MAX_MB } from '../../components/ImportDialog';
import FormDialog from '../../components/form/FormDialog';
import type { FieldDescriptor, WidgetProps } from '../../components/form/fields';
import CrudList from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import FileUpload, { toFileItems, type FileItem } from '../../components/upload/FileUpload';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { openFile } from './LibraryViews';
import { employeeWidget } from './LibraryWidgets';
import { MonthInput } from './SocialWidgets';
import { socialFilters, socialListKey } from './socialList';

const fields = (): SearchField[] => [
  { ...socialFilters.keywords, labelKey: 'social.keywords', kind: 'text' },
  { ...socialFilters.city, labelKey: 'social.city', kind: 'text' },
  { ...socialFilters.monthFrom, labelKey: 'social.monthFrom', kind: 'custom', render: (p) => <MonthInput value={p.value} onChange={(v) => p.onChange(v)} testId="search-monthFrom" /> },
  { ...socialFilters.monthTo, labelKey: 'social.monthTo', kind: 'custom', render: (p) => <MonthInput value={p.value} onChange={(v) => p.onChange(v)} testId="search-monthTo" /> },
];

function MonthWidget({ value, onChange, field }: WidgetProps<string>) {
  return <MonthInput value={value} onChange={(v) => onChange?.(v ?? '')} testId={field.testId} />;
}

function ProofWidget({ value, onChange, field }: WidgetProps<FileItem[]>) {
  return <FileUpload value={value} onChange={onChange} module="library" accept="pdf,jpg,jpeg,png" maxCount={1} testId={field.testId} />;
}

type Values = Omit<SocialForm, 'proofFileId'> & { proof?: FileItem[] };

const formFields = (row?: LibSocialRecord): FieldDescriptor[] => [
  { name: 'employeeCode', label: t('social.employee'), type: 'text', required: true, requiredMessage: t('social.employeeRule'), testId: 'social-employee',
    widget: employeeWidget(row ? `${row.employeeName}` : undefined) },
  { name: 'month', label: t('social.month'), type: 'text', required: true, requiredMessage: t('social.monthRule'), testId: 'social-month', widget: MonthWidget },
  { name: 'city', label: t('social.city'), type: 'text', required: true, requiredMessage: t('social.cityRule'), maxLength: 20, placeholder: '上海', testId: 'social-city' },
  { name: 'base', label: t('social.base'), type: 'number', nonNegative: true, decimals: 2, max: 10000000, testId: 'social-base' },
  { name: 'payingUnit', label: t('social.payingUnit'), type: 'text', maxLength: 100, testId: 'social-payingUnit' },
  { name: 'remark', label: t('social.remark'), type: 'text', maxLength: 200, testId: 'social-remark' },
  { name: 'proof', label: t('social.proof'), type: 'upload', accept: 'pdf,jpg,jpeg,png', maxCount: 1, testId: 'social-proof', widget: ProofWidget },
];

const initialOf = (row?: LibSocialRecord): Partial<Values> =>
  row
    ? {
        employeeCode: row.employeeCode,
        month: row.month,
        city: row.city,
        base: row.base ?? undefined,
        payingUnit: row.payingUnit,
        remark: row.remark,
        proof: row.proofFileId ? toFileItems([{ id: row.proofFileId, name: row.proofName ?? '', size: 0, url: row.proofUrl ?? '' }] as never) : [],
      }
    : {};

export default function SocialSecurityPage() {
  useI18n();
  const search = fields();
  const list = useList(search, (p) => listSocial(p), { key: socialListKey });
  const [importing, setImporting] = useState(false);
  const columns: ListColumn<LibSocialRecord>[] = [
    { titleKey: 'social.employee', key: 'employee', sortKey: 'employeeCode', render: (_: unknown, r) => `${r.employeeName || '—'}(${r.employeeCode})` },
    { titleKey: 'social.month', dataIndex: 'month', sortKey: 'month' },
    { titleKey: 'social.city', dataIndex: 'city', sortKey: 'city' },
    { titleKey: 'social.base', dataIndex: 'base', sortKey: 'base', align: 'right', render: (v?: number | null) => (v == null ? '' : v.toFixed(2)) },
    { titleKey: 'social.payingUnit', dataIndex: 'payingUnit' },
    {
      titleKey: 'social.proof',
      key: 'proof',
      render: (_: unknown, r) =>
        r.proofFileId ? (
          <Typography.Link onClick={() => openFile({ id: r.proofFileId!, name: r.proofName ?? '', url: r.proofUrl ?? '' })} data-testid={`social-proof-${r.id}`}>
            {r.proofName}
          </Typography.Link>
        ) : (
          ''
        ),
    },
    { titleKey: 'lib.updatedAt', dataIndex: 'updatedAt', sortKey: 'updatedAt', render: (v: string) => formatTime(v) },
  ];
  return (
    <>
      <CrudList<LibSocialRecord>
        list={list}
        fields={search}
        columns={columns}
        rowKey="id"
        exportPath={SOCIAL_EXPORT}
        testId="social"
        rowId={(r) => `${r.employeeCode}-${r.month}`}
        addLabel={t('social.add')}
        onDelete={(r) => deleteSocial([r.id])}
        actions={
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="social-import">
            {t('social.import')}
          </Button>
        }
        renderDialog={(editing, close, saved) => (
          <FormDialog<Values>
            open={editing !== null}
            title={editing?.row ? t('social.edit') : t('social.add')}
            fields={formFields(editing?.row)}
            initialValues={initialOf(editing?.row)}
            columns={2}
            width={760}
            onClose={close}
            onSaved={saved}
            okTestId="social-ok"
            onSubmit={({ proof, ...v }) => {
              const form: SocialForm = { ...v, base: v.base === undefined || v.base === null ? '' : String(v.base), proofFileId: proof?.[0]?.id ?? 0 };
              return editing?.row ? editSocial({ ...form, id: editing.row.id }) : addSocial(form);
            }}
          />
        )}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => (setImporting(false), list.reload())}
        title={t('social.importTitle')}
        hint={t('social.importHint', { mb: IMPORT_MAX_MB })}
        templatePath={`${SOCIAL_PATH}/import/template`}
        send={importSocial}
        summary={(r) => (
          <Typography.Text data-testid="social-import-summary">{t('social.importSummary', { rows: r.rows, created: r.created, updated: r.updated })}</Typography.Text>
        )}
        testId="social-import"
      />
    </>
  );
}
