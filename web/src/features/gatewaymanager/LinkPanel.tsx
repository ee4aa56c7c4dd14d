import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Tag, Typography } from 'antd';
import { addLink, deleteLinks, editLink, LINK_EXPORT, LINK_ICONS, listLinks, type PortalQuickLink } from '../../api/gatewayManager';
import { useLinkIcons } from '../../api/hooks/gateway';
import { iconFor } from '../../components/icons';
import ChangedAt from '../../components/list/ChangedAt';
import CrudList, { type Editing } from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import FormModal from '../../components/form/FormModal';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { isLinkUrl } from '../../lib/linkUrl';
import { SORT_MAX } from './BannerFormDialog';
import styles from './gatewayManager.module.css';

/** Server limit (internal/portal: MaxLinkTitle). */
const LINK_TITLE_MAX = 30;

const fields: SearchField[] = [{ names: ['title'], labelKey: 'gm.link.title', kind: 'text' }];


/** The icon of a name, in the quick link's badge. */
const IconBadge = ({ name }: { name: string }) => (
  <span className={styles.iconCell} aria-hidden="true">
    {iconFor(name) ?? iconFor('link')}
  </span>
);

/** The quick links tab: icon, title, address, order, new tab; add, edit, delete. */
export default function LinkPanel() {
  useI18n();
  const list = useList<PortalQuickLink>(fields, listLinks, { key: ['listLinks'], inUrl: false });
  const columns: ListColumn<PortalQuickLink>[] = [
    { titleKey: 'gm.link.icon', dataIndex: 'icon', width: 70, render: (v: string) => <IconBadge name={v} /> },
    { titleKey: 'gm.link.title', dataIndex: 'title', sortKey: 'title', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    {
      titleKey: 'gm.link.url',
      dataIndex: 'url',
      render: (v: string) => (
        <Typography.Text className={styles.linkCell} ellipsis={{ tooltip: v }} copyable={{ text: v }}>
          {v}
        </Typography.Text>
      ),
    },
    { titleKey: 'gm.link.sort', dataIndex: 'sort', sortKey: 'sort', width: 80 },
    {
      titleKey: 'gm.link.newTab',
      dataIndex: 'newTab',
      width: 120,
      render: (v: number) => (v === 1 ? <Tag color="blue">{t('gm.yes')}</Tag> : <Tag>{t('gm.no')}</Tag>),
    },
    {
      titleKey: 'gm.banner.updatedAt',
      dataIndex: 'updatedAt',
      sortKey: 'updatedAt',
      width: 170,
      render: (v: string | undefined, l) => (v ? l.updatedBy ? <ChangedAt at={v} by={l.updatedBy} /> : formatTime(v) : ''),
    },
  ];

  return (
    <CrudList<PortalQuickLink>
      list={list}
      fields={fields}
      columns={columns}
      rowKey="id"
      exportPath={LINK_EXPORT}
      testId="qlink"
      rowId={(l) => l.id}
      addLabel={t('gm.link.add')}
      onDelete={(l) => deleteLinks([l.id])}
      renderDialog={(editing, close, saved) => <LinkFormDialog target={editing} onClose={close} onSaved={saved} />}
    />
  );
}

interface Values {
  title: string;
  url: string;
  icon?: string;
  sort: number | null;
  newTab: boolean;
}

/** Add or edit a quick link; the icon is chosen from the server's list, each option showing its icon. */
function LinkFormDialog({ target, onClose, onSaved }: { target: Editing<PortalQuickLink>; onClose(): void; onSaved(): void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const row = target?.row;

  const values = (): Partial<Values> =>
    row
      ? { title: row.title, url: row.url, icon: row.icon, sort: row.sort, newTab: row.newTab === 1 }
      : { title: '', url: '', icon: undefined, sort: 1, newTab: false };

  const save = (v: Values) => {
    const body = { title: v.title.trim(), url: v.url.trim(), icon: v.icon ?? '', sort: v.sort ?? 1, newTab: (v.newTab ? 1 : 0) as 0 | 1 };
    return row ? editLink({ ...body, id: row.id }) : addLink(body);
  };

  // the server's list once it has answered; an icon stored before the list changed stays choosable
  const icons: readonly string[] = useLinkIcons().data ?? LINK_ICONS;
  const names: string[] = [...icons];
  if (row?.icon && !names.includes(row.icon)) names.push(row.icon);

  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t(row ? 'gm.link.edit' : 'gm.link.add')}
      values={values}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      width={600}
      okTestId="qlink-form-ok"
      testId="qlink-form"
    >
      <Form.Item
        name="title"
        label={t('gm.link.title')}
        rules={[
          { required: true, whitespace: true, message: t('gm.link.titleRequired') },
          { max: LINK_TITLE_MAX, message: t('sysConfig.tooLong', { n: LINK_TITLE_MAX }) },
        ]}
      >
        <Input maxLength={LINK_TITLE_MAX} showCount data-testid="qlink-form-title" />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('gm.link.url')}
        extra={t('gm.link.urlHint')}
        rules={[
          { required: true, whitespace: true, message: t('gm.link.urlRequired') },
          { validator: (_, v?: string) => (!v?.trim() || isLinkUrl(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('sysConfig.badUrl')))) },
        ]}
      >
        <Input placeholder="https://… /gatewaySearch" data-testid="qlink-form-url" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Form.Item name="icon" label={t('gm.link.icon')} rules={[{ required: true, message: t('gm.link.iconRequired') }]}>
            <Select
              placeholder={t('gm.link.iconPlaceholder')}
              showSearch={{ optionFilterProp: 'value' }}
              data-testid="qlink-form-icon"
              options={names.map((name) => ({
                value: name,
                label: (
                  <span className={styles.iconOption} data-testid={`qlink-icon-${name}`}>
                    {iconFor(name) ?? iconFor('link')}
                    <span>{name}</span>
                  </span>
                ),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="sort" label={t('gm.link.sort')}>
            <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} data-testid="qlink-form-sort" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="newTab" label=" " valuePropName="checked">
            <Checkbox data-testid="qlink-form-newtab">{t('gm.link.newTab')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
