import { useState } from 'react';
import { Button, Drawer, Empty, Grid, Popconfirm, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, FileZipOutlined, SearchOutlined, ShoppingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { toastCancelled } from '../../api/client';
import { PACK_DOWNLOAD_PATH, type PortalPackItem } from '../../api/portal';
import { shownByClient } from '../../api/hooks/useWrite';
import { openExport } from '../../components/list/ExportButton';
import { useI18n } from '../../i18n';
import { ExpiryBadge } from './HitCard';
import { clearPack, loadPack, PACK_MAX, removeFromPack, usePack } from './packStore';
import { useRecordDrawer } from './recordParam';
import styles from './portal.module.css';

/** The pack's records by type, types in the order they first appear. */
export function groupByType(records: readonly PortalPackItem[]): { type: string; name: string; records: PortalPackItem[] }[] {
  const groups = new Map<string, { type: string; name: string; records: PortalPackItem[] }>();
  for (const r of records) {
    let g = groups.get(r.type);
    if (!g) groups.set(r.type, (g = { type: r.type, name: r.typeName || r.type, records: [] }));
    g.records.push(r);
  }
  return [...groups.values()];
}

/** 我的标书包: the collected materials by type, remove one, clear, and download everything as one zip. */
export function PackDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useI18n();
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const pack = usePack();
  const { open: openRecord } = useRecordDrawer();
  const [busy, setBusy] = useState(false);
  const count = pack.records.length;
  const live = pack.records.filter((r) => !r.gone).length;

  const download = () => {
    setBusy(true);
    openExport(PACK_DOWNLOAD_PATH, {})
      .catch(shownByClient)
      .finally(() => setBusy(false));
  };
  const show = (id: number) => {
    onClose();
    openRecord(id);
  };

  let body;
  if (pack.status === 'loading' || pack.status === 'idle') body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (pack.status === 'error' && !count)
    body = (
      <Empty description={t('portal.pack.loadFailed')}>
        <Button onClick={() => void loadPack(true)}>{t('portal.retry')}</Button>
      </Empty>
    );
  else if (!count)
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.pack.empty')} data-testid="pack-empty">
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => {
            onClose();
            navigate('/gatewaySearch');
          }}
        >
          {t('portal.pack.findMaterials')}
        </Button>
      </Empty>
    );
  else
    body = (
      <div data-testid="pack-list">
        {groupByType(pack.records).map((g) => (
          <section key={g.type} className={styles.packGroup} aria-label={g.name}>
            <h3 className={styles.packGroupHead}>
              <span>{g.name}</span>
              <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                {t('portal.pack.groupCount', { n: g.records.length })}
              </Typography.Text>
            </h3>
            {g.records.map((r) => (
              <div key={r.id} className={`${styles.packItem} ${r.gone ? styles.packItemGone : ''}`} data-testid={`pack-item-${r.id}`}>
                <div className={styles.rowMain}>
                  <div className={styles.rowTitle}>
                    {r.gone ? (
                      <Typography.Text delete>{r.title}</Typography.Text>
                    ) : (
                      <Typography.Link onClick={() => show(r.id)}>{r.title}</Typography.Link>
                    )}
                  </div>
                  <div className={styles.rowMeta}>
                    {r.gone ? (
                      <Tag color="default">{t('portal.pack.gone')}</Tag>
                    ) : (
                      <>
                        {[r.summary, r.unitName, r.validTo && t('portal.hit.validTo', { date: r.validTo })].filter(Boolean).join(' · ')}{' '}
                        <ExpiryBadge hit={r} />
                      </>
                    )}
                  </div>
                </div>
                <Tooltip title={t('portal.pack.remove')}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    loading={pack.pending.has(r.id)}
                    onClick={() => void removeFromPack([r.id])}
                    aria-label={t('portal.pack.removeOne', { title: r.title })}
                    data-testid={`pack-remove-${r.id}`}
                  />
                </Tooltip>
              </div>
            ))}
          </section>
        ))}
      </div>
    );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={screens.sm ? 480 : '100%'}
      title={
        <span>
          <ShoppingOutlined /> {t('portal.pack.title')}{' '}
          <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
            {t('portal.pack.countOf', { n: count, max: PACK_MAX })}
          </Typography.Text>
        </span>
      }
      closable={{ 'aria-label': t('common.close') }}
      footer={
        <div className={styles.packFooter}>
          <Popconfirm
            title={t('portal.pack.clearConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => void clearPack()}
            onCancel={toastCancelled}
            okButtonProps={{ 'data-testid': 'pack-clear-ok' } as never}
          >
            <Button danger disabled={!count} data-testid="pack-clear">
              {t('portal.pack.clear')}
            </Button>
          </Popconfirm>
          <Button type="primary" icon={<FileZipOutlined />} disabled={!live} loading={busy} onClick={download} data-testid="pack-download">
            {t('portal.pack.download')}
          </Button>
        </div>
      }
    >
      <div data-testid="pack-drawer">{body}</div>
    </Drawer>
  );
}
