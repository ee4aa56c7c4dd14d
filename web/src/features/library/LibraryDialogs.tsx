/** The library screen's dialogs and drawers (LibraryPage.tsx), loaded when one first opens. */
import { useMemo } from 'react';
import { Button, Descriptions, Drawer, Empty, Form, Input, Modal, Result, Space, Spin, Tabs, Timeline, Typography, type TimelineProps } from 'antd';
import { toast } from '../../api/client';
import { useRecordHistory, useRecordLoans, useReviewRecords } from '../../api/hooks/library';
import { editRecord, addRecord, lendKey, type LibHistory, type LibRecord, type LibType } from '../../api/library';
import FormDialog from '../../components/form/FormDialog';
import type { FieldDescriptor } from '../../components/form/fields';
import { EmployeePickerInput } from '../../components/picker/PickerInputs';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { diffRecords, showValue } from '../sys/logDiff';
import { formField, formPayload, formValues } from './libraryView';
import { employeeWidget, filesWidget, RichTextWidget, rowsWidget, TagsWidget } from './LibraryWidgets';
import { ExpiryTag, RecordFields, StatusTag } from './RecordFields';
import { SocialRuns, type SocialRun } from './SocialWidgets';

/** The add and edit dialog: the type's fields, with a widget for each kind the described form does not draw. */
export function RecordForm({ type, rec, admin, onClose, onSaved }: { type: LibType; rec?: LibRecord; admin: boolean; onClose(): void; onSaved(): void }) {
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
export function RecordView({ type, rec, onClose }: { type: LibType; rec: LibRecord; onClose(): void }) {
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
export function HistoryDrawer({ type, rec, onClose }: { type: LibType; rec: LibRecord; onClose(): void }) {
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
export function RejectDialog({ type, ids, onClose, onDone }: { type: LibType; ids: number[]; onClose(): void; onDone(): void }) {
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
export function LendDialog({ type, rec, onClose, onDone }: { type: LibType; rec: LibRecord; onClose(): void; onDone(): void }) {
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

