import { useState } from 'react';
import { Button, Space, Switch, Tag, Typography } from 'antd';
import { AppstoreAddOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import { addBannerLink, bannerLink } from '../../api/content';
import ResourceSelector, { type ResourceOutput } from '../../components/resource/ResourceSelector';
import { BANNER_EXPORT, changeBannerState, deleteBanners, listBanners, type PortalBanner } from '../../api/gatewayManager';
import ChangedAt from '../../components/list/ChangedAt';
import CrudList from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { useStateActions } from '../../components/list/useStateActions';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import BannerFormDialog from './BannerFormDialog';
import { windowState, windowText, type WindowState } from './bannerWindow';
import styles from './gatewayManager.module.css';

/** A banner as the list keeps it: `state` mirrors `enabled` for the shared enable / disable / delete actions. */
type Row = Omit<PortalBanner, 'state'> & { state: number };

const fields: SearchField[] = [
  { names: ['title'], labelKey: 'gm.banner.title', kind: 'text' },
  {
    names: ['enabled'],
    labelKey: 'gm.banner.enabled',
    kind: 'select',
    options: [
      { value: '1', labelKey: 'gm.on' },
      { value: '0', labelKey: 'gm.off' },
    ],
  },
];

const fetchRows = (p: Record<string, string>) =>
  listBanners(p).then((page) => ({ ...page, records: page.records.map((b) => ({ ...b, state: b.enabled })) }));

const STATE_COLOR: Record<WindowState | 'off', string> = { live: 'green', scheduled: 'blue', ended: 'default', off: 'default' };

/** Where the banner stands today: disabled, or its window's state. */
function StateBadge({ b }: { b: Row }) {
  const state = b.enabled === 1 ? windowState(b) : 'off';
  return (
    <Tag color={STATE_COLOR[state]} data-testid={`banner-state-${b.id}`}>
      {t(`gm.state.${state}`)}
    </Tag>
  );
}

/** The banners tab: thumbnails, titles, links, order, window, the enabled switch; add, edit, delete, batch actions. */
export default function BannerPanel() {
  useI18n();
  const list = useList<Row>(fields, fetchRows, { key: ['banners'], inUrl: false });
  const actions = useStateActions<Row>(
    list,
    { changeState: changeBannerState, remove: deleteBanners },
    { prefix: 'banner', switchTestId: (b) => `banner-enabled-${b.id}`, titleKey: 'gm.banner.enabled' },
  );

  // a banner that opens a course, a topic or a link, chosen with the resource selector (addBannerLink)
  const [choosing, setChoosing] = useState(false);
  const chosen = async (out: ResourceOutput[]) => {
    try {
      for (const o of out) if (o.type !== '2') await addBannerLink(bannerLink(o)); // the link tab has saved its own
    } catch {
      return; // the client has shown the server's message; the dialog stays open
    }
    setChoosing(false);
    toast('success', t('msg.operationSuccessful'));
    list.reload();
  };

  const columns: ListColumn<Row>[] = [
    {
      titleKey: 'gm.banner.image',
      dataIndex: 'imageUrl',
      width: 116,
      render: (url: string) => (url ? <img src={url} alt="" className={styles.thumb} loading="lazy" /> : null),
    },
    {
      titleKey: 'gm.banner.title',
      dataIndex: 'title',
      render: (v: string) => (
        <Typography.Text strong className={styles.titleCell} ellipsis={{ tooltip: v }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      titleKey: 'gm.banner.link',
      dataIndex: 'linkUrl',
      render: (v: string) =>
        v ? (
          <Typography.Text className={styles.linkCell} ellipsis={{ tooltip: v }}>
            {v}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('gm.banner.noLink')}</Typography.Text>
        ),
    },
    { titleKey: 'gm.banner.sort', dataIndex: 'sort', sortKey: 'sort', width: 76 },
    {
      titleKey: 'gm.banner.window',
      key: 'window',
      render: (_: unknown, b) => (
        <div className={styles.windowCell}>
          <span>
            <StateBadge b={b} />
          </span>
          <Typography.Text type="secondary" className={styles.windowDates}>
            {windowText(b, t('gm.banner.open')) || t('gm.banner.always')}
          </Typography.Text>
        </div>
      ),
    },
    {
      titleKey: 'gm.banner.enabled',
      dataIndex: 'enabled',
      width: 72,
      render: (v: number, b) => (
        <Switch
          size="small"
          checked={v === 1}
          aria-label={`${t('gm.banner.enabled')} ${b.title}`}
          data-testid={`banner-enabled-${b.id}`}
          onChange={(on) => void actions.setState([b.id], on ? 1 : 0)}
        />
      ),
    },
    {
      titleKey: 'gm.banner.updatedAt',
      dataIndex: 'updatedAt',
      sortKey: 'updatedAt',
      width: 176,
      render: (v: string | undefined, b) => (v ? b.updatedBy ? <ChangedAt at={v} by={b.updatedBy} /> : formatTime(v) : ''),
    },
  ];

  return (
    <>
      {actions.holder}
      <CrudList<Row>
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        exportPath={BANNER_EXPORT}
        selectable
        testId="banner"
        rowId={(b) => b.id}
        addLabel={t('gm.banner.add')}
        onDelete={(b) => deleteBanners([b.id])}
        actions={
          <Space wrap>
            <Button icon={<AppstoreAddOutlined />} onClick={() => setChoosing(true)} data-testid="banner-from-content">
              {t('gm.banner.fromContent')}
            </Button>
            {actions.batchButtons}
          </Space>
        }
        renderDialog={(editing, close, saved) => <BannerFormDialog target={editing} onClose={close} onSaved={saved} />}
      />
      <ResourceSelector open={choosing} extra onCancel={() => setChoosing(false)} onConfirm={(out) => void chosen(out)} />
    </>
  );
}
