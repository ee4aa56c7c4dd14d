import { useCallback, useState, type ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { AuditOutlined, BellOutlined, ClockCircleOutlined, KeyOutlined, NotificationOutlined, ProfileOutlined, ReadOutlined, RightOutlined, TrophyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { readMessages, type MessageKind, type PortalMessage } from '../../api/portal';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { setUnread } from './msgStore';
import { isCoursePush, messageTarget } from './portalTabs';
import { useRecordDrawer } from './recordParam';
import styles from './portal.module.css';

const KIND_LOOK: Record<MessageKind, { icon: ReactNode; fg: string; bg: string; color: string }> = {
  expiry: { icon: <ClockCircleOutlined />, fg: 'var(--bd-orange-7)', bg: 'var(--bd-orange-1)', color: 'orange' },
  loan: { icon: <KeyOutlined />, fg: 'var(--bd-geekblue-7)', bg: 'var(--bd-geekblue-1)', color: 'geekblue' },
  review: { icon: <AuditOutlined />, fg: 'var(--bd-cyan-7)', bg: 'var(--bd-cyan-1)', color: 'cyan' },
  course: { icon: <ReadOutlined />, fg: 'var(--bd-green-7)', bg: 'var(--bd-green-1)', color: 'green' },
  reward: { icon: <TrophyOutlined />, fg: 'var(--bd-gold-7)', bg: 'var(--bd-gold-1)', color: 'gold' },
  demand: { icon: <ProfileOutlined />, fg: 'var(--bd-purple-7)', bg: 'var(--bd-purple-1)', color: 'purple' },
  announcement: { icon: <NotificationOutlined />, fg: 'var(--bd-magenta-7)', bg: 'var(--bd-magenta-1)', color: 'magenta' },
  notice: { icon: <BellOutlined />, fg: 'var(--bd-color-primary)', bg: 'var(--bd-color-primary-bg)', color: 'blue' },
};

/** What the message's link opens, in the reader's words. */
function linkLabel(m: PortalMessage) {
  if (m.kind === 'announcement') return 'portal.msg.openAnnouncement';
  if (isCoursePush(m) || m.refType === 'courseAudit') return 'portal.msg.openCourse';
  if (m.refType === 'demand') return 'portal.msg.openDemand';
  if (m.refType === 'reward') return 'portal.msg.openReward';
  return 'portal.msg.openMaterial';
}

export const kindLook = (k: string) => KIND_LOOK[k as MessageKind] ?? KIND_LOOK.notice;

/** One message: opening it shows the whole text and marks it read; its material opens from the link. */
export function MessageItem({ m, onOpen, onGo }: { m: PortalMessage; onOpen(m: PortalMessage): void; onGo(m: PortalMessage): void }) {
  const { t } = useI18n();
  const [expanded, setExpanded] = useState(false);
  const look = kindLook(m.kind);
  const unread = m.state === 'unread';
  const target = messageTarget(m);
  const contentId = `msg-content-${m.kind}-${m.id}`;
  return (
    <li className={`${styles.msg} ${unread ? styles.msgUnread : ''}`} data-testid={`msg-item-${m.kind}-${m.id}`} data-state={m.state}>
      <span className={styles.msgIcon} style={{ color: look.fg, background: look.bg }} aria-hidden>
        {look.icon}
      </span>
      <div className={styles.msgMain}>
        <button
          type="button"
          className={styles.msgHead}
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={() => {
            setExpanded(!expanded);
            if (unread) onOpen(m);
          }}
          data-testid={`msg-open-${m.kind}-${m.id}`}
        >
          {unread && <span className={styles.dot} aria-label={t('portal.msg.unread')} />}
          <span className={styles.msgTitle}>{m.title}</span>
          <Tag color={look.color} style={{ margin: 0 }}>
            {t(`portal.msg.kind.${m.kind}` as 'portal.msg.kind.notice')}
          </Tag>
        </button>
        {m.content && (
          <p id={contentId} className={`${styles.msgContent} ${expanded ? '' : styles.msgClamp}`}>
            {m.content}
          </p>
        )}
        <div className={styles.msgMeta}>
          <span>{formatTime(m.createdAt)}</span>
          {target && (
            <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onGo(m)} data-testid={`msg-go-${m.kind}-${m.id}`}>
              {t(linkLabel(m))}{' '}
              <RightOutlined />
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/** A failed (silent) mark leaves the message unread: it is marked again when next opened. */
const staysUnread = (): void => undefined;

/** Marks a message read on the server and in the list; the navigation's count follows. */
export function useMessageActions(after?: (m: PortalMessage) => void) {
  const navigate = useNavigate();
  const { open } = useRecordDrawer();
  const read = useCallback(
    (m: PortalMessage) => {
      if (m.state !== 'unread') return;
      void readMessages([{ kind: m.kind, id: m.id }], { silent: true }).then(
        (r) => {
          after?.(m);
          if (typeof r?.unread === 'number') setUnread(r.unread);
        },
        staysUnread,
      );
    },
    [after],
  );
  const go = useCallback(
    (m: PortalMessage) => {
      read(m);
      const target = messageTarget(m);
      if (!target) return;
      if ('path' in target) navigate(target.path);
      else open(target.recordId);
    },
    [read, navigate, open],
  );
  return { read, go };
}
