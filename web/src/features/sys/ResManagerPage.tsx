import { useMemo, useState } from 'react';
import { Alert, Button, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ACCESS_EXPORTS, editResource, listResources, type FunctionOption, type Resource } from '../../api/access';
import { apiResourceKeys, useAllFunctions, useResetResource } from '../../api/hooks/access';
import { toast } from '../../api/client';
import ListView from '../../components/list/ListView';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import FormDialog from '../../components/form/FormDialog';
import type { FieldDescriptor } from '../../components/form/fields';
import { useList } from '../../components/list/useList';
import { t, useI18n, type MessageKey } from '../../i18n';
import { keepLocked } from './accessTree';
import { codesPicker } from './accessWidgets';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };
const ACCESS_KEYS: Record<string, MessageKey> = { public: 'res.access.public', 'signed-in': 'res.access.signedIn', function: 'res.access.function' };
const NAME_MAX = 100;

const methodTag = (m: string) => (
  <Tag color={METHOD_COLORS[m]} style={{ fontFamily: 'monospace', marginInlineEnd: 0 }}>
    {m}
  </Tag>
);

const codeLabel = (fns: FunctionOption[], code: string) => {
  const f = fns.find((x) => x.code === code);
  return f ? `${f.code} · ${f.name}` : code;
};

const NO_FNS: FunctionOption[] = [];

/** /resmanager: the server's API routes and the function codes that may call each one; search by path, method, code. */
export default function ResManagerPage() {
  useI18n();
  const fns = useAllFunctions().data ?? NO_FNS;
  const fields = useMemo<SearchField[]>(
    () => [
      { names: ['path'], labelKey: 'res.path', kind: 'text' },
      {
        names: ['method'],
        labelKey: 'res.method',
        kind: 'custom',
        render: ({ value, onChange }) => (
          <Select allowClear value={value || undefined} onChange={(v) => onChange(v)} placeholder={t('list.all')} options={METHODS.map((m) => ({ value: m, label: m }))} data-testid="search-method" />
        ),
      },
      {
        names: ['funCode'],
        labelKey: 'res.funCode',
        kind: 'custom',
        render: ({ value, onChange }) => (
          <Select
            allowClear
            showSearch
            value={value || undefined}
            onChange={(v) => onChange(v)}
            placeholder={t('list.all')}
            optionFilterProp="label"
            options={fns.map((f) => ({ value: f.code, label: `${f.code} · ${f.name}` }))}
            data-testid="search-funCode"
          />
        ),
      },
      {
        names: ['access'],
        labelKey: 'res.access',
        kind: 'select',
        options: Object.entries(ACCESS_KEYS).map(([value, labelKey]) => ({ value, labelKey })),
      },
      { names: ['name'], labelKey: 'res.name', kind: 'text' },
    ],
    [fns],
  );
  const list = useList(fields, listResources, { key: apiResourceKeys.list() });
  const [editing, setEditing] = useState<Resource | null>(null);

  const resetOne = useResetResource();
  const reset = (r: Resource) => resetOne.mutate(r.id, { onSuccess: () => toast('success', t('msg.operationSuccessful')) });

  const columns: ListColumn<Resource>[] = [
    { titleKey: 'res.method', dataIndex: 'method', sortKey: 'method', width: 90, render: (m: string) => methodTag(m) },
    {
      titleKey: 'res.path',
      dataIndex: 'path',
      sortKey: 'path',
      render: (p: string, r) => (
        <Space size={4}>
          <Typography.Text code>{p}</Typography.Text>
          {r.download && <Tag bordered={false}>{t('res.download')}</Tag>}
          {!r.served && (
            <Tooltip title={t('res.notServedHint')}>
              <Tag color="default">{t('res.notServed')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      titleKey: 'res.name',
      dataIndex: 'name',
      sortKey: 'name',
      render: (v: string) => (
        <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 260 }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      titleKey: 'res.access',
      dataIndex: 'access',
      sortKey: 'access',
      render: (a: string) => <Tag color={a === 'function' ? 'geekblue' : a === 'public' ? 'gold' : 'default'}>{t(ACCESS_KEYS[a] ?? 'res.access.function')}</Tag>,
    },
    {
      titleKey: 'res.funCodes',
      dataIndex: 'funCodes',
      render: (codes: string[], r) =>
        r.editable ? (
          <Space size={[4, 4]} wrap data-testid={`res-codes-${r.method}-${r.path}`}>
            {codes.map((c) => (
              <Tooltip key={c} title={codeLabel(fns, c)}>
                <Tag icon={r.lockedCodes.includes(c) ? <LockOutlined /> : undefined} color={r.defaultCodes.includes(c) ? 'blue' : 'purple'}>
                  {c}
                </Tag>
              </Tooltip>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('res.noCodes')}</Typography.Text>
        ),
    },
    {
      titleKey: 'list.actions',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) => {
        const changed = r.editable && [...r.funCodes].sort().join(',') !== [...r.defaultCodes].sort().join(',');
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`res-edit-${r.method}-${r.path}`}>
              {t('res.edit')}
            </Button>
            {changed && (
              <Button type="link" size="small" onClick={() => reset(r)} data-testid={`res-reset-${r.method}-${r.path}`}>
                {t('res.reset')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('res.hint')} />
      <ListView list={list} fields={fields} columns={columns} rowKey="id" exportPath={ACCESS_EXPORTS.resources} />
      <ResourceFormDialog
        resource={editing}
        fns={fns}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </>
  );
}

interface Values {
  name: string;
  funCodes: string[];
}

/** Rename a resource and, for a function route, choose the function codes that may call it. */
function ResourceFormDialog({ resource, fns, onClose, onSaved }: { resource: Resource | null; fns: FunctionOption[]; onClose(): void; onSaved(): void }) {
  const { lang } = useI18n();
  const fields = useMemo<FieldDescriptor[]>(() => {
    if (!resource) return [];
    const name: FieldDescriptor = { name: 'name', label: t('res.name'), type: 'text', required: true, requiredMessage: t('res.nameRequired'), maxLength: NAME_MAX, testId: 'res-form-name' };
    if (!resource.editable) return [{ ...name, extra: t(resource.access === 'public' ? 'res.fixedPublic' : 'res.fixedSignedIn') }];
    const locked = resource.lockedCodes;
    const extra = [t('res.anyOf'), t('res.defaults', { codes: resource.defaultCodes.join(', ') }), locked.length ? t('res.lockedHint', { codes: locked.join(', ') }) : ''].join(' ');
    return [
      name,
      {
        name: 'funCodes',
        label: t('res.funCodes'),
        type: 'text',
        extra,
        testId: 'res-form-codes',
        widget: codesPicker(fns, locked),
        rules: [{ type: 'array', min: 1, message: t('res.codesRequired') }],
      },
    ];
  }, [resource, fns, lang]); // eslint-disable-line react-hooks/exhaustive-deps
  const initialValues = useMemo(() => (resource ? { name: resource.name, funCodes: resource.funCodes } : undefined), [resource]);
  const save = async (v: Values) => {
    if (!resource) return;
    await editResource(resource.id, v.name.trim(), resource.editable ? keepLocked(v.funCodes, resource.lockedCodes) : undefined);
  };
  return (
    <FormDialog<Values>
      open={!!resource}
      title={resource ? `${t('res.editTitle')} · ${resource.method} ${resource.path}` : ''}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      onSaved={onSaved}
      width={640}
      okTestId="res-form-ok"
      testId="res-dialog"
    />
  );
}
