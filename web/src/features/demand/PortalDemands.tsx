import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, DatePicker, Drawer, Empty, Form, Input, List, Space, Typography } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../api/client';
import { useMyClosedCollections, useOpenCollections, usePortalCollection, useSaveDemand } from '../../api/hooks/demand';
import {
  type DemandCollection,
  type DemandField,
  type DemandItem,
} from '../../api/demand';
import { FILE_DOWN_PATH } from '../../api/upload';
import { keepFormOpen } from '../../api/hooks/useWrite';
import DictSelect from '../../components/DictSelect';
import FileUpload, { fileIds, type FileItem } from '../../components/upload/FileUpload';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { isPlainDecimal } from '../../lib/validate';
import { DemandStateTag, valuesText } from './DemandItemsDrawer';
import DemandReplies from './DemandReplies';

/** The route query parameter that opens a collection (the messages of a collection lead to /gatewayMsg?demand=id). */
export const DEMAND_PARAM = 'demand';

/** A demand's linked files as an upload value. */
const asFileItems = (files: DemandItem['files']): FileItem[] =>
  files.map((f) => ({ id: f.id, name: f.name, uid: String(f.id), url: `${FILE_DOWN_PATH}?id=${f.id}`, size: 0, suffix: f.name.split('.').pop() ?? '' }));

type FormValues = { content: string; files?: FileItem[] } & Record<string, unknown>;

const fieldName = (f: DemandField) => `v_${f.key}`;
/** A number field holds a plain decimal (the server's validate.Decimal; shared vectors of rule 'number'). */
const numberRule = (v: unknown, message: string) =>
  v == null || v === '' || isPlainDecimal(String(v).trim()) ? Promise.resolve() : Promise.reject(new Error(message));

function toForm(c: DemandCollection, it?: DemandItem): Partial<FormValues> {
  const out: Partial<FormValues> = { content: it?.content ?? '', files: [] };
  const linked = it ? asFileItems(it.files) : [];
  const inFields = new Set<number>();
  for (const f of c.fields) {
    const v = it?.values[f.key];
    if (f.type === 'date') out[fieldName(f)] = v ? dayjs(String(v)) : null;
    else if (f.type === 'file') {
      const ids = Array.isArray(v) ? v.map(Number) : [];
      ids.forEach((id) => inFields.add(id));
      out[fieldName(f)] = linked.filter((l) => ids.includes(l.id));
    } else out[fieldName(f)] = v ?? undefined;
  }
  out.files = linked.filter((l) => !inFields.has(l.id));
  return out;
}

function fromForm(c: DemandCollection, v: FormValues) {
  const values: Record<string, unknown> = {};
  for (const f of c.fields) {
    const raw = v[fieldName(f)];
    if (raw === undefined || raw === null || raw === '') continue;
    if (f.type === 'date') values[f.key] = (raw as Dayjs).format('YYYY-MM-DD');
    else if (f.type === 'file') values[f.key] = fileIds(raw as FileItem[]);
    else values[f.key] = String(raw);
  }
  return { content: v.content.trim(), values, fileIds: fileIds(v.files) };
}

/** The control of one field; Form.Item gives it value and onChange, passed on to the control. */
function FieldControl({ f, ...bound }: { f: DemandField; value?: never; onChange?: never }) {
  const testId = `demand-value-${f.key}`;
  switch (f.type) {
    case 'number':
      // text, not a float: the server keeps the number as written
      return <Input {...bound} inputMode="decimal" maxLength={30} style={{ width: 220 }} data-testid={testId} />;
    case 'date':
      return <DatePicker {...bound} data-testid={testId} />;
    case 'dict':
      return <DictSelect {...bound} dictKey={f.dict ?? ''} testId={testId} />;
    case 'file':
      return <FileUpload {...bound} maxCount={10} testId={testId} />;
    default:
      return <Input {...bound} maxLength={500} data-testid={testId} />;
  }
}

/** The demand form: its content, the collection's fields, attachments. */
function DemandForm({ c, item, onDone }: { c: DemandCollection; item?: DemandItem; onDone(): void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<FormValues>();
  const saveDemand = useSaveDemand();
  const saving = saveDemand.isPending;
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(c, item));
  }, [c, item, form]);
  const save = () =>
    form.validateFields().then(
      (v) => {
        // the save invalidates the collection and the open list: the drawer and the card show the change
        saveDemand.mutate(
          { collectionId: c.id, itemId: item?.id, body: fromForm(c, v) },
          {
            onSuccess: () => {
              toast('success', t('msg.operationSuccessful'));
              onDone();
            },
          },
        );
      },
      keepFormOpen,
    );
  return (
    <Form form={form} layout="vertical" data-testid="demand-submit-form">
      <Form.Item name="content" label={t('demand.item.content')} rules={[{ required: true, whitespace: true, message: t('demand.portal.contentRequired') }]}>
        <Input.TextArea rows={4} maxLength={2000} showCount data-testid="demand-content" />
      </Form.Item>
      {c.fields.map((f) => (
        <Form.Item
          key={f.key}
          name={fieldName(f)}
          label={f.label}
          rules={[
            ...(f.required ? [{ required: true, message: t('demand.portal.fieldRequired', { label: f.label }) }] : []),
            ...(f.type === 'number' ? [{ validator: (_: unknown, v: unknown) => numberRule(v, t('demand.portal.numberBad', { label: f.label })) }] : []),
          ]}
        >
          <FieldControl f={f} />
        </Form.Item>
      ))}
      <Form.Item name="files" label={t('demand.portal.attachments')}>
        <FileUpload maxCount={10} testId="demand-files" />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void save()} data-testid="demand-submit">
        {item ? t('demand.portal.editDemand') : t('demand.portal.submit')}
      </Button>
    </Form>
  );
}

/** A collection opened from the route query: its description, the caller's demands and their answers, the form. */
function DemandDrawer({ id, onClose }: { id: number | undefined; onClose(): void }) {
  const { t } = useI18n();
  const query = usePortalCollection(id);
  const data = id ? query.data : undefined;
  // a collection that cannot be opened (closed to the caller, gone): the client has said why; the drawer closes
  const failed = query.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  const [editing, setEditing] = useState<DemandItem>();
  const [editingIn, setEditingIn] = useState(id);
  if (editingIn !== id) {
    setEditingIn(id);
    setEditing(undefined);
  }
  const c = data?.collection;
  const open = c?.state === 'open';
  return (
    <Drawer open={!!id} onClose={onClose} width="min(720px, 96vw)" title={c?.title ?? t('demand.portal.title')} data-testid="demand-drawer" destroyOnHidden>
      {c && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <div>
            <Typography.Text type="secondary">{t('demand.portal.until', { time: formatTime(c.deadline) })}</Typography.Text>
            {c.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{c.description}</Typography.Paragraph>}
          </div>
          {!open && <Alert type="info" showIcon message={t('demand.portal.closedHint')} />}
          {data.mine.length > 0 && (
            <Card size="small" title={t('demand.portal.myDemands')}>
              <List
                dataSource={data.mine}
                renderItem={(it) => (
                  <List.Item
                    data-testid={`demand-mine-${it.id}`}
                    actions={
                      it.editable
                        ? [
                            <Button key="e" type="link" size="small" onClick={() => setEditing(it)} data-testid={`demand-mine-edit-${it.id}`}>
                              {t('demand.portal.editDemand')}
                            </Button>,
                          ]
                        : []
                    }
                  >
                    <List.Item.Meta
                      title={
                        <Space>
                          <DemandStateTag state={it.state} />
                          <span>{formatTime(it.createdAt)}</span>
                        </Space>
                      }
                      description={
                        <>
                          <div style={{ whiteSpace: 'pre-wrap' }}>{it.content}</div>
                          {valuesText(c, it.values) && <div>{valuesText(c, it.values)}</div>}
                          {it.files.length > 0 && <div>{it.files.map((f) => f.name).join(', ')}</div>}
                          {it.replies.length > 0 ? (
                            <div style={{ marginTop: 8 }}>
                              <Typography.Text strong>{t('demand.reply.answers')}</Typography.Text>
                              <DemandReplies replies={it.replies} testId={`demand-mine-replies-${it.id}`} />
                            </div>
                          ) : (
                            <Typography.Text type="secondary">{t('demand.reply.waiting')}</Typography.Text>
                          )}
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            </Card>
          )}
          {open && (
            <Card size="small" title={editing ? t('demand.portal.editDemand') : t('demand.portal.submit')}>
              <DemandForm
                c={c}
                item={editing}
                onDone={() => setEditing(undefined)}
              />
            </Card>
          )}
        </Space>
      )}
    </Drawer>
  );
}

/**
 * The audience's entry in the portal (on /gatewayMsg, and the whole of /gatewayDemand with `page`): the open
 * collections that ask the caller, each opening a drawer where demands are submitted and changed until the deadline.
 * `?demand=id` opens one (the messages lead there). The page also shows an empty list, and the closed collections the
 * caller submitted to (their demands and answers stay readable).
 */
export default function PortalDemands({ page = false }: { page?: boolean } = {}) {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const openId = Number(search.get(DEMAND_PARAM)) || undefined;
  const openQuery = useOpenCollections();
  // on the page an unanswered list shows as empty (the card stays); on /gatewayMsg the card is left out
  const open = openQuery.data?.records ?? (openQuery.isError ? [] : undefined);
  const closed = useMyClosedCollections(page).data ?? [];
  const show = (id?: number) =>
    setSearch((q) => {
      const out = new URLSearchParams(q);
      if (id) out.set(DEMAND_PARAM, String(id));
      else out.delete(DEMAND_PARAM);
      return out;
    });
  const close = useCallback(() => show(undefined), []); // eslint-disable-line react-hooks/exhaustive-deps
  if (!page && !open?.length && !openId) return null;
  return (
    <>
      {(page ? open !== undefined : !!open?.length) && (
        <Card size="small" title={t('demand.portal.open')} style={{ marginBottom: 16 }} data-testid="demand-open">
          <List
            dataSource={open}
            locale={{ emptyText: <Empty description={t('demand.portal.none')} /> }}
            renderItem={(c) => (
              <List.Item
                data-testid={`demand-open-${c.id}`}
                actions={[
                  <Button key="s" type="primary" size="small" icon={<FormOutlined />} onClick={() => show(c.id)} data-testid={`demand-open-go-${c.id}`}>
                    {t('demand.portal.submit')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={c.title}
                  description={
                    <Space split="·" wrap>
                      <span>{t('demand.portal.until', { time: formatTime(c.deadline) })}</span>
                      {c.myCount > 0 && <span>{t('demand.portal.mine', { n: c.myCount })}</span>}
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      )}
      {page && closed.length > 0 && (
        <Card size="small" title={t('demand.portal.closed')} style={{ marginBottom: 16 }} data-testid="demand-closed">
          <List
            dataSource={closed}
            renderItem={(c) => (
              <List.Item
                data-testid={`demand-closed-${c.id}`}
                actions={[
                  <Button key="v" size="small" onClick={() => show(c.id)} data-testid={`demand-closed-go-${c.id}`}>
                    {t('demand.portal.view')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={c.title}
                  description={
                    <Space split="·" wrap>
                      <span>{t('demand.portal.until', { time: formatTime(c.deadline) })}</span>
                      <span>{t('demand.portal.mine', { n: c.myCount })}</span>
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      )}
      <DemandDrawer id={openId} onClose={close} />
    </>
  );
}
