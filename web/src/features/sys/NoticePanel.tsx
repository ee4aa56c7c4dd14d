import { DatePicker, Form, Input, Radio, Select, Space, Switch, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { addNotice, deleteNotices, editNotice, listNotices, type SysNotice } from '../../api/sysconfig';
import ChangedAt from '../../components/list/ChangedAt';
import CrudList, { type Editing } from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import FormModal from '../../components/form/FormModal';
import { useList } from '../../components/list/useList';
import { t, useI18n, type MessageKey } from '../../i18n';
import { formatTime } from '../../lib/format';


/** Server limits (internal/sysconfig/notice.go). */
const TITLE_MAX = 100;
const CONTENT_MAX = 2000;

const LEVELS = ['info', 'warning', 'important'] as const;
const AUDIENCES = ['all', 'staff', 'external'] as const;
const LEVEL_COLOR: Record<string, string> = { info: 'blue', warning: 'orange', important: 'red' };
const STATE_COLOR: Record<string, string> = { active: 'green', scheduled: 'blue', expired: 'default', disabled: 'default' };

const fields: SearchField[] = [
  { names: ['keywords'], labelKey: 'notice.keywords', kind: 'text' },
  { names: ['level'], labelKey: 'notice.level', kind: 'select', options: LEVELS.map((v) => ({ value: v, labelKey: `notice.level.${v}` as MessageKey })) },
  {
    names: ['enabled'],
    labelKey: 'notice.enabled',
    kind: 'select',
    options: [
      { value: '1', labelKey: 'notice.enabled.on' },
      { value: '0', labelKey: 'notice.enabled.off' },
    ],
  },
];

const windowText = (n: SysNotice) =>
  !n.startAt && !n.endAt ? t('notice.always') : `${n.startAt ? formatTime(n.startAt) : t('notice.open')} ~ ${n.endAt ? formatTime(n.endAt) : t('notice.open')}`;

/** The system notices of /sys_config: a list of its own (not in the URL, which belongs to the parameters). */
export default function NoticePanel() {
  useI18n();
  const list = useList(fields, listNotices, { key: ['listNotices'], inUrl: false });
  const columns: ListColumn<SysNotice>[] = [
    {
      titleKey: 'notice.title',
      dataIndex: 'title',
      render: (v: string, n) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: 360 }}>
          <Typography.Text strong>{v}</Typography.Text>
          {n.content && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: n.content }} style={{ maxWidth: 360 }}>
              {n.content}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { titleKey: 'notice.level', dataIndex: 'level', render: (v: string) => <Tag color={LEVEL_COLOR[v]}>{t(`notice.level.${v}` as MessageKey)}</Tag> },
    { titleKey: 'notice.audience', dataIndex: 'audience', render: (v: string) => t(`notice.audience.${v}` as MessageKey) },
    { titleKey: 'notice.window', key: 'window', sortKey: 'startAt', render: (_: unknown, n) => windowText(n) },
    {
      titleKey: 'notice.state',
      dataIndex: 'state',
      render: (v: string, n) => (
        <Tag color={STATE_COLOR[v]} data-testid={`notice-state-${n.id}`}>
          {t(`notice.state.${v}` as MessageKey)}
        </Tag>
      ),
    },
    { titleKey: 'notice.updatedAt', dataIndex: 'updatedAt', sortKey: 'updatedAt', width: 160, render: (v: string, n) => <ChangedAt at={v} by={n.updatedBy} /> },
  ];

  return (
    <CrudList<SysNotice>
      list={list}
      fields={fields}
      columns={columns}
      rowKey="id"
      testId="notice"
      rowId={(n) => n.id}
      addLabel={t('notice.add')}
      onDelete={(n) => deleteNotices([n.id])}
      renderDialog={(editing, close, saved) => <NoticeFormDialog target={editing} onClose={close} onSaved={saved} />}
    />
  );
}

interface Values {
  title: string;
  content: string;
  level: string;
  audience: string;
  window?: [Dayjs | null, Dayjs | null] | null;
  enabled: boolean;
}

function NoticeFormDialog({ target, onClose, onSaved }: { target: Editing<SysNotice>; onClose(): void; onSaved(): void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const row = target?.row;

  const values = (): Partial<Values> =>
    row
      ? {
          title: row.title,
          content: row.content,
          level: row.level,
          audience: row.audience,
          window: row.startAt || row.endAt ? [row.startAt ? dayjs(row.startAt) : null, row.endAt ? dayjs(row.endAt) : null] : null,
          enabled: row.enabled === 1,
        }
      : { title: '', content: '', level: 'info', audience: 'all', window: null, enabled: true };

  const save = async (v: Values) => {
    const [start, end] = v.window ?? [];
    const body = {
      title: v.title.trim(),
      content: (v.content ?? '').trim(),
      level: v.level as SysNotice['level'],
      audience: v.audience as SysNotice['audience'],
      startAt: start ? start.toISOString() : '',
      endAt: end ? end.toISOString() : '',
      enabled: (v.enabled ? 1 : 0) as 0 | 1,
    };
    return row ? editNotice({ ...body, id: row.id }) : addNotice(body);
  };

  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t(row ? 'notice.edit' : 'notice.add')}
      values={values}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      width={620}
      okTestId="notice-form-ok"
    >
      <Form.Item
        name="title"
        label={t('notice.title')}
        rules={[
          { required: true, whitespace: true, message: t('notice.titleRequired') },
          { max: TITLE_MAX, message: t('sysConfig.tooLong', { n: TITLE_MAX }) },
        ]}
      >
        <Input maxLength={TITLE_MAX} data-testid="notice-form-title" />
      </Form.Item>
      <Form.Item name="content" label={t('notice.content')} extra={t('notice.contentHint')} rules={[{ max: CONTENT_MAX, message: t('sysConfig.tooLong', { n: CONTENT_MAX }) }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={CONTENT_MAX} showCount data-testid="notice-form-content" />
      </Form.Item>
      <Form.Item name="level" label={t('notice.level')}>
        <Radio.Group optionType="button" options={LEVELS.map((v) => ({ value: v, label: t(`notice.level.${v}`) }))} />
      </Form.Item>
      <Form.Item name="audience" label={t('notice.audience')}>
        <Select options={AUDIENCES.map((v) => ({ value: v, label: t(`notice.audience.${v}`) }))} data-testid="notice-form-audience" />
      </Form.Item>
      <Form.Item
        name="window"
        label={t('notice.window')}
        extra={t('notice.windowHint')}
        rules={[
          {
            validator: (_, v: Values['window']) =>
              v?.[0] && v?.[1] && !v[1].isAfter(v[0]) ? Promise.reject(new Error(t('notice.badWindow'))) : Promise.resolve(),
          },
        ]}
      >
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          placeholder={[t('notice.open'), t('notice.open')]}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('notice.enabled')} valuePropName="checked">
        <Switch data-testid="notice-form-enabled" />
      </Form.Item>
    </FormModal>
  );
}
