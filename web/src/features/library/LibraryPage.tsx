/**
 * THE page of every library record type (experts, licences, honours, contracts, CA keys, tenders, service plans,
 * toolkits, message to-dos, announcements): the type's descriptor from GET /api/library/types drives the search
 * card, the table, the form, the view, the review and the type's own actions. Registered in the route table for
 * each library route.
 */
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Descriptions, Drawer, Empty, Form, Input, Modal, Result, Space, Spin, Tabs, Timeline, Typography, type TimelineProps } from 'antd';
import {
  AuditOutlined,
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  EyeOutlined,
  HistoryOutlined,
  ImportOutlined,
  NotificationOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { toast, toastCancelled } from '../../api/client';
import { recordKeys, useDeleteRecords, useGenerateMessages, useLibraryTypes, useMarkMessagesRead, useRecordHistory, useRecordLoans, useReturnKey, useReviewRecords } from '../../api/hooks/library';
import { shownByClient, useTouch } from '../../api/hooks/useWrite';
import {
  editRecord,
  addRecord,
  importRecords,
  importRecordsAsync,
  lendKey,
  libPath,
  listRecords,
  oneRecord,
  type LibHistory,
  type LibRecord,
  type LibType,
} from '../../api/library';
import DictSelect from '../../components/DictSelect';
import OrgTreeSelect from '../../components/OrgTreeSelect';
import ImportDialog, { IMPORT_MAX_MB } from '../../components/ImportDialog';
import FormDialog from '../../components/form/FormDialog';
import type { FieldDescriptor } from '../../components/form/fields';
import ListView from '../../components/list/ListView';
import { IconAction } from '../../components/list/RowActions';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { requireTicked, useConfirmDanger } from '../../components/list/guards';
import { useList } from '../../components/list/useList';
import { EmployeePickerInput } from '../../components/picker/PickerInputs';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { hasPermission } from '../../lib/permission';
import { useSession } from '../../lib/session';
import { diffRecords, showValue } from '../sys/logDiff';
import { formField, formPayload, formValues, searchSpecs, typeOfPath, type SearchSpec } from './libraryView';
import { employeeWidget, filesWidget, RichTextWidget, rowsWidget, TagSelect, TagsWidget } from './LibraryWidgets';
import { ExpiryTag, fieldValue, RecordFields, StatusTag } from './RecordFields';
import { socialSearchFields, SocialRuns, type SocialRun } from './SocialWidgets';
import './library.css';

/**
 * Lists at 1440 px (issue 28): the columns a type's list hides until the user shows them in the column settings (its
 * tags, and numbers a staff member looks up in the record rather than compares in the list); any other type hides its
 * tags. Long texts (names, companies, units, people) wrap at 120 px (the expert list fits in English), the first
 * column at 180.
 */
const SECONDARY: Record<string, string[]> = {
  license: ['tags', 'number'],
  honor: ['tags', 'number'],
  contract: ['tags', 'number', 'category'],
  tender: ['tags', 'number'],
  cakey: ['tags', 'holder'],
  expert: ['tags', 'education', 'gender'],
};
const WRAPPED_KINDS = new Set(['text', 'unit', 'employee', 'user', 'tags']);

export default function LibraryPage() {
  const { lang } = useI18n();
  const { pathname } = useLocation();
  const query = useLibraryTypes(lang);
  // types that could not be read: the client has shown why, and no path names a type
  const types = query.isError ? NO_TYPES : query.data?.types;
  if (!types) return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  const type = typeOfPath(types, pathname);
  if (!type) return <Result status="404" title={t('lib.noType')} />;
  return <LibraryList key={type.key} type={type} />;
}

/** What the caller may do on this screen. */
function useRights(type: LibType) {
  const session = useSession();
  const funCodes = session?.funCodes;
  return {
    userId: session?.userId,
    write: hasPermission(type.code, funCodes),
    admin: hasPermission('library_admin', funCodes),
  };
}

function searchField(s: SearchSpec): SearchField {
  const common = { names: s.names, label: s.label };
  switch (s.kind) {
    case 'dateRange':
      return { ...common, kind: 'dateRange' };
    case 'dict':
      return {
        ...common,
        kind: 'custom',
        render: (p) => (
          <DictSelect dictKey={s.dict ?? ''} testId={`search-${s.names[0]}`} value={p.value} onChange={(v) => p.onChange(v == null ? undefined : String(v))} placeholder={t('list.all')} />
        ),
      };
    case 'unit':
      return { ...common, kind: 'custom', render: (p) => <OrgTreeSelect value={p.value} onChange={(code) => p.onChange(code || undefined)} testId={`search-${s.names[0]}`} /> };
    case 'tag':
      return {
        ...common,
        kind: 'custom',
        render: (p) => <TagSelect multiple={false} value={p.value ? Number(p.value) : undefined} onChange={((v?: number) => p.onChange(v == null ? undefined : String(v))) as never} testId="search-tagId" />,
      };
  }
  return { ...common, kind: 'text' };
}

/** The search card's fields: the descriptor's, then the review status and the expiry of the types that have them. */
function searchFields(type: LibType): SearchField[] {
  const out = searchSpecs(type, t('lib.keywords')).map(searchField);
  if (type.review) {
    out.push({
      names: ['status'],
      labelKey: 'lib.status',
      kind: 'select',
      options: (['pending', 'published', 'rejected', 'draft'] as const).map((v) => ({ value: v, labelKey: `lib.status.${v}` as const })),
    });
  }
  if (type.expiry) {
    out.push({
      names: ['expiry'],
      labelKey: 'lib.expiry',
      kind: 'select',
      options: (['expiring', 'expired', 'valid'] as const).map((v) => ({ value: v, labelKey: `lib.expiry.${v}` as const })),
    });
  }
  // experts: at least N continuous social-security months in a city up to a month
  if (type.key === 'expert') out.push(...socialSearchFields());
  return out;
}

type Dialog =
  | { kind: 'form'; rec?: LibRecord }
  | { kind: 'view'; rec: LibRecord }
  | { kind: 'history'; rec: LibRecord }
  | { kind: 'reject'; ids: number[] }
  | { kind: 'lend'; rec: LibRecord }
  | { kind: 'import' }
  | null;

const NO_TYPES: LibType[] = [];

function LibraryList({ type }: { type: LibType }) {
  useI18n();
  const rights = useRights(type);
  const fields = useMemo(() => searchFields(type), [type]);
  const list = useList<LibRecord>(fields, (p) => listRecords(type.key, p), { key: recordKeys.list(type.key) });
  const { confirmDanger, holder } = useConfirmDanger();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const done = () => toast('success', t('msg.operationSuccessful'));
  const mine = (r: LibRecord) => r.createdBy === rights.userId;
  const canChange = (r: LibRecord) => rights.write && !type.messages && (rights.admin || mine(r));
  const deleting = useDeleteRecords(type.key);
  const reviewing = useReviewRecords(type.key);
  const returning = useReturnKey(type.key);
  const generating = useGenerateMessages();
  const marking = useMarkMessagesRead();
  const touch = useTouch();
  // the writes invalidate the type's records (the list on screen reloads); done() says so
  const remove = (ids: number[]) => confirmDanger(() => deleting.mutateAsync(ids).then(done, shownByClient));
  const review = (action: 'submit' | 'approve', ids: number[]) => reviewing.mutate({ action, ids }, { onSuccess: done });
  const markRead = (ids: number[]) => marking.mutate(ids, { onSuccess: done });
  // the record afresh when a dialog opens on it (the list's row may be older)
  const open = (kind: 'form' | 'view', r: LibRecord) => void oneRecord(type.key, r.id).then((rec) => setDialog({ kind, rec }), shownByClient);

  const columns: ListColumn<LibRecord>[] = [
    ...type.fields
      .filter((f) => f.list)
      .map<ListColumn<LibRecord>>((f, i) => ({
        key: f.key,
        label: f.label,
        sortKey: type.sorts.includes(f.key) ? f.key : undefined,
        defaultHidden: SECONDARY[type.key]?.includes(f.key) ?? f.key === 'tags',
        cellWidth: i === 0 ? 180 : WRAPPED_KINDS.has(f.kind) ? 120 : undefined,
        render: (_: unknown, r: LibRecord) =>
          i === 0 ? (
            <Typography.Link onClick={() => open('view', r)} data-testid={`lib-view-${r.id}`}>
              {fieldValue(f, r)}
            </Typography.Link>
          ) : type.expiry && f.key === 'validTo' ? (
            // the expiry reminder under the date it counts to (one column less than a column of its own)
            <Space direction="vertical" size={2}>
              {fieldValue(f, r)}
              <ExpiryTag r={r} />
            </Space>
          ) : (
            fieldValue(f, r)
          ),
      })),
    ...(type.key === 'expert'
      ? [{ key: 'social', titleKey: 'social.runs' as const, render: (_: unknown, r: LibRecord) => <SocialRuns runs={r.social as SocialRun[]} testId={`lib-social-${r.id}`} /> }]
      : []),
    ...(type.expiry && !type.fields.some((f) => f.list && f.key === 'validTo')
      ? [{ key: 'expiry', titleKey: 'lib.expiry' as const, render: (_: unknown, r: LibRecord) => <ExpiryTag r={r} /> }]
      : []),
    ...(type.review ? [{ key: 'status', titleKey: 'lib.status' as const, sortKey: 'status', render: (_: unknown, r: LibRecord) => <StatusTag r={r} /> }] : []),
    {
      key: 'actions',
      titleKey: 'list.actions',
      fixed: 'right',
      render: (_: unknown, r: LibRecord) => (
        // icons (their words the tooltip and accessible name): the words of up to four actions, longer in English,
        // would widen the pinned column over the data (issue 28)
        <Space size={0} wrap={false}>
          {canChange(r) && <IconAction label={t('list.edit')} icon={<EditOutlined />} onClick={() => open('form', r)} testId={`lib-edit-${r.id}`} />}
          {type.review && rights.admin && r.status === 'pending' && (
            <>
              <IconAction label={t('lib.approve')} icon={<CheckOutlined />} onClick={() => review('approve', [r.id])} testId={`lib-approve-${r.id}`} />
              <IconAction label={t('lib.reject')} icon={<CloseOutlined />} danger onClick={() => setDialog({ kind: 'reject', ids: [r.id] })} testId={`lib-reject-${r.id}`} />
            </>
          )}
          {type.review && canChange(r) && (r.status === 'draft' || r.status === 'rejected') && (
            <IconAction label={t('lib.submit')} icon={<SendOutlined />} onClick={() => review('submit', [r.id])} testId={`lib-submit-${r.id}`} />
          )}
          {type.loans && canChange(r) && r.status === 'published' && r.state !== 'lent' && (
            <IconAction label={t('lib.lend')} icon={<ExportOutlined />} onClick={() => setDialog({ kind: 'lend', rec: r })} testId={`lib-lend-${r.id}`} />
          )}
          {type.loans && canChange(r) && r.state === 'lent' && (
            <IconAction label={t('lib.return')} icon={<ImportOutlined />} onClick={() => confirmReturn(r)} testId={`lib-return-${r.id}`} />
          )}
          {type.messages && r.state === 'unread' && r.recipient === rights.userId && (
            <IconAction label={t('lib.markRead')} icon={<EyeOutlined />} onClick={() => markRead([r.id])} testId={`lib-read-${r.id}`} />
          )}
          <IconAction label={t('lib.history')} icon={<HistoryOutlined />} onClick={() => setDialog({ kind: 'history', rec: r })} testId={`lib-history-${r.id}`} />
          {canChange(r) && <IconAction label={t('list.delete')} icon={<DeleteOutlined />} danger onClick={() => remove([r.id])} testId={`lib-delete-${r.id}`} />}
        </Space>
      ),
    },
  ];

  const [modal, modalHolder] = Modal.useModal();
  const confirmReturn = (r: LibRecord) =>
    modal.confirm({
      title: t('lib.returnConfirm', { name: r.title as string }),
      content: <Input id="lib-return-remark" placeholder={t('lib.returnRemark')} maxLength={200} data-testid="lib-return-remark" />,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'lib-return-ok' } as never,
      onCancel: toastCancelled,
      onOk: () => {
        const remark = (document.getElementById('lib-return-remark') as HTMLInputElement | null)?.value;
        return returning.mutateAsync({ id: r.id, remark }).then(done, shownByClient);
      },
    });

  const ticked = () => list.selectedKeys.map(Number);
  const actions = (
    <>
      {rights.write && !type.messages && (
        <Button type="primary" onClick={() => setDialog({ kind: 'form' })} data-testid="lib-add">
          {t('lib.add')}
        </Button>
      )}
      {rights.write && type.messages && rights.admin && (
        <Button type="primary" icon={<NotificationOutlined />} onClick={() => generating.mutate(undefined, { onSuccess: (r) => toast('success', t('lib.generated', { n: r.created })) })} data-testid="lib-generate">
          {t('lib.generate')}
        </Button>
      )}
      {type.review && rights.admin && (
        <>
          <Button icon={<CheckOutlined />} onClick={() => requireTicked(list.selectedKeys) && review('approve', ticked())} data-testid="lib-batch-approve">
            {t('lib.approve')}
          </Button>
          <Button icon={<AuditOutlined />} onClick={() => requireTicked(list.selectedKeys) && setDialog({ kind: 'reject', ids: ticked() })} data-testid="lib-batch-reject">
            {t('lib.reject')}
          </Button>
        </>
      )}
      {type.messages && (
        <Button icon={<SendOutlined />} onClick={() => requireTicked(list.selectedKeys) && markRead(ticked())} data-testid="lib-batch-read">
          {t('lib.markRead')}
        </Button>
      )}
      {rights.write && (rights.admin || !type.messages) && (
        <Button danger icon={<DeleteOutlined />} onClick={() => requireTicked(list.selectedKeys, true) && remove(ticked())} data-testid="lib-batch-delete">
          {t('list.delete')}
        </Button>
      )}
      {rights.write && type.import && (
        <Button icon={<ImportOutlined />} onClick={() => setDialog({ kind: 'import' })} data-testid="lib-import">
          {t('lib.import')}
        </Button>
      )}
    </>
  );

  return (
    <>
      {holder}
      {modalHolder}
      <ListView<LibRecord> list={list} fields={fields} columns={columns} rowKey="id" selectable exportPath={libPath(type.key, 'export')} actions={actions} />
      {dialog?.kind === 'form' && <RecordForm type={type} rec={dialog.rec} admin={rights.admin} onClose={close} onSaved={() => (close(), touch(recordKeys.all))} />}
      {dialog?.kind === 'view' && <RecordView type={type} rec={dialog.rec} onClose={close} />}
      {dialog?.kind === 'history' && <HistoryDrawer type={type} rec={dialog.rec} onClose={close} />}
      {dialog?.kind === 'reject' && <RejectDialog type={type} ids={dialog.ids} onClose={close} onDone={() => (close(), done())} />}
      {dialog?.kind === 'lend' && <LendDialog type={type} rec={dialog.rec} onClose={close} onDone={() => (close(), touch(recordKeys.all))} />}
      <ImportDialog
        open={dialog?.kind === 'import'}
        onClose={close}
        onImported={() => (close(), touch(recordKeys.all))}
        title={t('lib.importTitle', { name: type.name })}
        hint={t('lib.importHint', { name: type.name, mb: IMPORT_MAX_MB })}
        templatePath={libPath(type.key, 'import/template')}
        send={(file, dryRun) => importRecords(type.key, file, dryRun)}
        sendAsync={(file) => importRecordsAsync(type.key, file)}
        summary={(r) => <Typography.Text data-testid="lib-import-summary">{t('lib.importSummary', { rows: r.rows, created: r.created })}</Typography.Text>}
        testId="lib-import"
      />
    </>
  );
}

/** The add and edit dialog: the type's fields, with a widget for each kind the described form does not draw. */
function RecordForm({ type, rec, admin, onClose, onSaved }: { type: LibType; rec?: LibRecord; admin: boolean; onClose(): void; onSaved(): void }) {
  useI18n();
  const fields = useMemo<FieldDescriptor[]>(() => {
    const out: FieldDescriptor[] = [];
    for (const f of type.fields) {
      if (f.readOnly) continue;
      const base = { name: f.key, label: f.label, required: f.required, testId: `lib-field-${f.key}` };
      const own = formField(f);
      if (own) out.push(own);
      else if (f.kind === 'tags') out.push({ ...base, type: 'text', widget: TagsWidget });
      else if (f.kind === 'employee') out.push({ ...base, type: 'text', widget: employeeWidget(rec ? String(rec[`${f.key}Name`] || '') : undefined) });
      else if (f.kind === 'files') out.push({ ...base, type: 'upload', accept: f.accept ?? '', widget: filesWidget(f, type.key, rec?.id) });
      // the described form gives a text area the whole width
      else if (f.kind === 'rich') out.push({ ...base, type: 'textarea', widget: RichTextWidget });
      else if (f.kind === 'rows') out.push({ ...base, type: 'textarea', widget: rowsWidget(f) });
    }
    return out;
  }, [type, rec]);
  const initial = useMemo(() => formValues(type, rec), [type, rec]);
  return (
    <FormDialog<Record<string, unknown>>
      open
      title={rec ? t('lib.editTitle', { name: type.noun }) : t('lib.addTitle', { name: type.noun })}
      fields={fields}
      initialValues={initial}
      columns={2}
      width={920}
      testId="lib-form"
      okTestId="lib-form-ok"
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={(values) => {
        const payload = formPayload(type, values);
        return rec ? editRecord(type.key, { ...payload, id: rec.id }) : addRecord(type.key, payload).then((r) => {
          if (type.review && !admin) toast('info', t('lib.waitsForReview'));
          return r;
        });
      }}
    />
  );
}

/** Everything of one record, read-only. */
function RecordView({ type, rec, onClose }: { type: LibType; rec: LibRecord; onClose(): void }) {
  useI18n();
  return (
    <Modal open title={String(rec.title)} width={920} onCancel={onClose} footer={<Button onClick={onClose}>{t('common.close')}</Button>} destroyOnHidden>
      <div data-testid="lib-view">
        <Space style={{ marginBottom: 12 }}>
          {type.review && <StatusTag r={rec} />}
          {type.expiry && <ExpiryTag r={rec} />}
          {rec.status === 'rejected' && rec.reviewReason && <Typography.Text type="danger">{t('lib.rejectedBecause', { reason: rec.reviewReason })}</Typography.Text>}
        </Space>
        <RecordFields
          type={type}
          rec={rec}
          extra={[
            ...(type.key === 'expert'
              ? [
                  <Descriptions.Item key="social" label={t('social.runs')} span={2}>
                    <SocialRuns runs={rec.social as SocialRun[]} testId="lib-view-social" />
                  </Descriptions.Item>,
                ]
              : []),
            <Descriptions.Item key="createdBy" label={t('lib.createdBy')}>{rec.createdByName}</Descriptions.Item>,
            <Descriptions.Item key="updatedAt" label={t('lib.updatedAt')}>{formatTime(rec.updatedAt)}</Descriptions.Item>,
          ]}
        />
      </div>
    </Modal>
  );
}

/** The review steps, the business-log changes and (a CA key) the loans of a record. */
function HistoryDrawer({ type, rec, onClose }: { type: LibType; rec: LibRecord; onClose(): void }) {
  useI18n();
  const h = useRecordHistory(type.key, rec.id);
  const loans = useRecordLoans(type.key, rec.id, !!type.loans);
  const retry = () => {
    void h.refetch();
    if (type.loans) void loans.refetch();
  };
  const part = <T,>(pick: (x: LibHistory) => T[]): Shown<T[]> => ({ data: h.data && pick(h.data), failed: h.isError });
  const labels = new Map(type.fields.map((f) => [f.key, f.label]));
  const items = [
    {
      key: 'changes',
      label: t('lib.changes'),
      children: (
        <LoadedTimeline
          state={part((x) => x.changes)}
          emptyText={t('lib.noChanges')}
          onRetry={retry}
          testId="lib-changes"
          items={(c) => ({
            key: c.id,
            children: (
              <div data-testid={`lib-change-${c.action}`}>
                <Typography.Text strong>{t(`lib.action.${c.action}` as 'lib.action.create')}</Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {c.userName || t('lib.system')} · {formatTime(c.createdAt)}
                </Typography.Text>
                <ul className="lib-diff">
                  {diffRecords(c.before, c.after)
                    .filter((d) => d.changed && labels.has(d.field) && c.action === 'update')
                    .map((d) => (
                      <li key={d.field}>
                        {labels.get(d.field)}: {showValue(d.before) || '∅'} → {showValue(d.after) || '∅'}
                      </li>
                    ))}
                </ul>
              </div>
            ),
          })}
        />
      ),
    },
    ...(type.review
      ? [
          {
            key: 'reviews',
            label: t('lib.reviews'),
            children: (
              <LoadedTimeline
                state={part((x) => x.reviews)}
                emptyText={t('lib.noReviews')}
                onRetry={retry}
                testId="lib-reviews"
                items={(s, i) => ({
                  key: i,
                  color: s.action === 'reject' ? 'red' : s.action === 'approve' || s.action === 'publish' ? 'green' : 'blue',
                  children: (
                    <div data-testid={`lib-review-${s.action}`}>
                      <Typography.Text strong>{t(`lib.action.${s.action}` as 'lib.action.create')}</Typography.Text> → {t(`lib.status.${s.toStatus}` as 'lib.status.pending')}{' '}
                      <Typography.Text type="secondary">
                        {s.userName} · {formatTime(s.createdAt)}
                      </Typography.Text>
                      {s.reason && <div>{t('lib.reason')}: {s.reason}</div>}
                    </div>
                  ),
                })}
              />
            ),
          },
        ]
      : []),
    ...(type.loans
      ? [
          {
            key: 'loans',
            label: t('lib.loans'),
            children: (
              <LoadedTimeline
                state={{ data: loans.data, failed: loans.isError }}
                emptyText={t('lib.noLoans')}
                onRetry={retry}
                testId="lib-loans"
                items={(l) => ({
                  key: l.id,
                  color: l.returnedAt ? 'green' : 'orange',
                  children: (
                    <div data-testid="lib-loan">
                      {t('lib.loanLine', { who: `${l.borrowerName}(${l.borrowerCode})`, at: formatTime(l.lentAt), by: l.lentBy })}
                      {l.dueDate && ` · ${t('lib.dueDate')} ${l.dueDate}`}
                      {l.purpose && <div>{l.purpose}</div>}
                      <div>{l.returnedAt ? t('lib.returnedLine', { at: formatTime(l.returnedAt), by: l.returnedBy, remark: l.returnRemark }) : t('lib.notReturned')}</div>
                    </div>
                  ),
                })}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <Drawer open width={560} title={t('lib.historyTitle', { name: String(rec.title) })} onClose={onClose} data-testid="lib-history">
      <Tabs items={items} />
    </Drawer>
  );
}

/** What a query has shown so far: its data, or that it failed (neither: still loading). */
type Shown<T> = { data?: T; failed: boolean };

/** A timeline with its three other states: loading, nothing yet (an empty state, never a blank tab) and failed. */
function LoadedTimeline<T>({ state, items, emptyText, onRetry, testId }: {
  state: Shown<T[]>;
  items: (item: T, index: number) => NonNullable<TimelineProps['items']>[number];
  emptyText: string;
  onRetry(): void;
  testId: string;
}) {
  if (state.failed)
    return (
      <Result status="warning" title={t('common.loadFailed')} extra={<Button onClick={onRetry}>{t('common.retry')}</Button>} data-testid={`${testId}-failed`} />
    );
  if (!state.data) return <Spin data-testid={`${testId}-loading`} />;
  if (!state.data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} data-testid={`${testId}-empty`} />;
  return <Timeline items={state.data.map(items)} data-testid={testId} />;
}

/** Rejects pending records: the reason is required. */
function RejectDialog({ type, ids, onClose, onDone }: { type: LibType; ids: number[]; onClose(): void; onDone(): void }) {
  useI18n();
  const [form] = Form.useForm<{ reason: string }>();
  const rejecting = useReviewRecords(type.key);
  const busy = rejecting.isPending;
  const submit = () =>
    form.validateFields().then(({ reason }) => rejecting.mutate({ action: 'reject', ids, reason }, { onSuccess: onDone }), () => toast('warning', t('msg.formIncomplete')));
  return (
    <Modal open title={t('lib.rejectTitle', { n: ids.length })} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} okButtonProps={{ danger: true, 'data-testid': 'lib-reject-ok' } as never} okText={t('lib.reject')} cancelText={t('common.cancel')}>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('lib.reason')} rules={[{ required: true, whitespace: true, message: t('lib.reasonRequired') }, { max: 500 }]}>
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="lib-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Lends a CA key to an employee. */
function LendDialog({ type, rec, onClose, onDone }: { type: LibType; rec: LibRecord; onClose(): void; onDone(): void }) {
  useI18n();
  const fields = useMemo<FieldDescriptor[]>(
    () => [
      { name: 'borrowerCode', label: t('lib.borrower'), type: 'text', required: true, widget: ({ value, onChange }) => <EmployeePickerInput value={value as string} title={t('picker.titleFor', { field: t('lib.borrower') })} onChange={(v) => onChange?.(v ?? '')} testId="lib-borrower" /> },
      { name: 'purpose', label: t('lib.purpose'), type: 'textarea', maxLength: 200, rows: 2 },
      { name: 'dueDate', label: t('lib.dueDate'), type: 'date', notPast: true },
    ],
    [],
  );
  return (
    <FormDialog<{ borrowerCode: string; purpose?: string; dueDate?: string }>
      open
      title={t('lib.lendTitle', { name: String(rec.title) })}
      fields={fields}
      testId="lib-lend"
      okTestId="lib-lend-ok"
      onClose={onClose}
      onSaved={onDone}
      onSubmit={(v) => lendKey(type.key, { id: rec.id, ...v })}
    />
  );
}

