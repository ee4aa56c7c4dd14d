/**
 * THE page of every library record type (experts, licences, honours, contracts, CA keys, tenders, service plans,
 * toolkits, message to-dos, announcements): the type's descriptor from GET /api/library/types drives the search
 * card, the table, the form, the view, the review and the type's own actions. Registered in the route table for
 * each library route.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Input, Modal, Result, Space, Spin, Typography } from 'antd';
import { AuditOutlined, CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, ExportOutlined, EyeOutlined, HistoryOutlined, ImportOutlined, NotificationOutlined, SendOutlined } from '@ant-design/icons';
import { toast, toastCancelled } from '../../api/client';
import { recordKeys, useDeleteRecords, useGenerateMessages, useLibraryTypes, useMarkMessagesRead, useReturnKey, useReviewRecords } from '../../api/hooks/library';
import { shownByClient, useTouch } from '../../api/hooks/useWrite';
import { importRecords, importRecordsAsync, libPath, listRecords, oneRecord, type LibRecord, type LibType } from '../../api/library';
import DictSelect from '../../components/DictSelect';
import OrgTreeSelect from '../../components/OrgTreeSelect';
import ImportDialog, { IMPORT_MAX_MB } from '../../components/ImportDialog';
import ListView from '../../components/list/ListView';
import { IconAction } from '../../components/list/RowActions';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { requireTicked, useConfirmDanger } from '../../components/list/guards';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { hasPermission } from '../../lib/permission';
import { useSession } from '../../lib/session';
import { recordListKey } from './libraryList';
import { searchSpecs, typeOfPath, type SearchSpec } from './libraryView';
import { TagSelect } from './LibraryViews';
import { ExpiryTag, fieldValue, StatusTag } from './RecordFields';
import { socialSearchFields, SocialRuns, type SocialRun } from './SocialWidgets';
import './library.css';

// the dialogs and drawers (the record's form, view, history, rejection, lending), fetched when one first opens
const dialogs = () => import('./LibraryDialogs');
const RecordForm = lazy(() => dialogs().then((m) => ({ default: m.RecordForm })));
const RecordView = lazy(() => dialogs().then((m) => ({ default: m.RecordView })));
const HistoryDrawer = lazy(() => dialogs().then((m) => ({ default: m.HistoryDrawer })));
const RejectDialog = lazy(() => dialogs().then((m) => ({ default: m.RejectDialog })));
const LendDialog = lazy(() => dialogs().then((m) => ({ default: m.LendDialog })));

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
  const list = useList<LibRecord>(fields, (p) => listRecords(type.key, p), { key: recordListKey(type) });
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
      <Suspense fallback={null}>
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
      </Suspense>
    </>
  );
}
