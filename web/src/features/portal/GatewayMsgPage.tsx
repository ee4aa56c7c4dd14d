import { useCallback, useEffect, useMemo } from 'react';
import { Badge, Button, Empty, Result, Segmented, Select, Skeleton, Spin, Typography } from 'antd';
import { CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../../api/client';
import { failureText, messageKeys, useMessages, useReadAllMessages } from '../../api/hooks/portal';
import { MESSAGE_KINDS, type MessageKind, type PortalMessage, type PortalMessagePage } from '../../api/portal';
import RoutePager from '../../components/routeQuery/RoutePager';
import { readRoutePage } from '../../components/routeQuery/routeQuery';
import { useI18n } from '../../i18n';
import PortalDemands from '../demand/PortalDemands';
import PortalRewards from '../reward/PortalRewards';
import { MessageItem, useMessageActions } from './MessageItem';
import { setUnread } from './msgStore';
import styles from './portal.module.css';

/** The message list's filters in the route query: `state` (unread / read), `kind`, `page`, `pagesize`. */
export function readMsgQuery(q: URLSearchParams) {
  const state = q.get('state');
  const kind = q.get('kind') as MessageKind | null;
  return {
    state: state === 'unread' || state === 'read' ? state : undefined,
    kind: kind && MESSAGE_KINDS.includes(kind) ? kind : undefined,
    ...readRoutePage(q),
  };
}

/** /gatewayMsg: the caller's message to-dos and the live announcements; read / unread and kind filters, mark all read. */
export default function GatewayMsgPage() {
  const { t, lang } = useI18n();
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => readMsgQuery(search), [search]);
  const params = useMemo(() => {
    const p: Record<string, string> = { current: String(query.page), limit: String(query.pageSize) };
    if (query.state) p.state = query.state;
    if (query.kind) p.kind = query.kind;
    return p;
  }, [query]);
  const list = useMessages(params, lang);
  const data = list.data;
  const loading = list.isFetching;
  const error = list.isError ? failureText(list.error, t('msg.operationException')) : undefined;
  const qc = useQueryClient();
  const readAll = useReadAllMessages();

  // the navigation's unread count follows the list's
  useEffect(() => setUnread(data?.unread), [data?.unread]);

  // a message opened is read at once in the list on screen (the server has been told by the message's own call)
  const markedRead = useCallback((m: PortalMessage) => {
    qc.setQueryData<PortalMessagePage>(messageKeys.list(params, lang), (d) =>
      d && {
        ...d,
        unread: Math.max(0, d.unread - 1),
        records: d.records.map((r) => (r.kind === m.kind && r.id === m.id ? { ...r, state: 'read' } : r)),
      },
    );
  }, [qc, params, lang]);
  const { read, go } = useMessageActions(markedRead);

  const set = (name: 'state' | 'kind', value?: string) =>
    setSearch((q) => {
      const out = new URLSearchParams(q);
      if (value) out.set(name, value);
      else out.delete(name);
      out.delete('page');
      return out;
    });

  const unread = data?.unread ?? 0;
  let body;
  if (error && !loading) {
    body = (
      <div className={styles.stateBox} role="alert" data-testid="msg-error">
        <Result
          status="warning"
          title={t('portal.msg.loadFailed')}
          subTitle={error}
          extra={
            <Button type="primary" icon={<ReloadOutlined />} onClick={() => void list.refetch()} data-testid="msg-retry">
              {t('portal.retry')}
            </Button>
          }
        />
      </div>
    );
  } else if (!data) {
    body = (
      <div className={styles.stateBox} data-testid="msg-loading">
        <Skeleton active avatar paragraph={{ rows: 2 }} />
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (!data.records?.length) {
    body = (
      <div className={styles.stateBox} data-testid="msg-empty">
        <Empty description={query.state === 'unread' ? t('portal.msg.noUnread') : t('portal.msg.none')} />
      </div>
    );
  } else {
    body = (
      <>
        <Spin spinning={loading} delay={150}>
          <ul className={styles.msgs} data-testid="msg-list">
            {data.records.map((m) => (
              <MessageItem key={`${m.kind}-${m.id}`} m={m} onOpen={read} onGo={go} />
            ))}
          </ul>
        </Spin>
        <div className={styles.pager}>
          <RoutePager total={data.total} testId="msg-pager" />
        </div>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <Typography.Title level={3} className={styles.pageTitle}>
          {t('portal.messages')}{' '}
          <Badge count={unread} overflowCount={999} style={{ verticalAlign: 'middle' }} data-testid="msg-unread-count" />
        </Typography.Title>
        <Button icon={<CheckOutlined />} onClick={() => readAll.mutate(undefined, { onSuccess: () => toastSuccess() })} loading={readAll.isPending} disabled={!unread} data-testid="msg-read-all">
          {t('portal.msg.readAll')}
        </Button>
      </div>
      <PortalDemands />
      <PortalRewards />
      <div className={styles.filters} style={{ marginBottom: 0 }}>
        <Segmented
          value={query.state ?? ''}
          onChange={(v) => set('state', String(v) || undefined)}
          aria-label={t('portal.msg.state')}
          data-testid="msg-state"
          options={[
            { value: '', label: t('portal.msg.all') },
            { value: 'unread', label: t('portal.msg.unread') },
            { value: 'read', label: t('portal.msg.read') },
          ]}
        />
        <Select
          allowClear
          value={query.kind}
          placeholder={t('portal.msg.allKinds')}
          aria-label={t('portal.msg.kind')}
          onChange={(v?: string) => set('kind', v)}
          options={MESSAGE_KINDS.map((k) => ({ value: k, label: t(`portal.msg.kind.${k}`) }))}
          style={{ width: 160 }}
          data-testid="msg-kind"
        />
      </div>
      {body}
    </div>
  );
}
