import { useState } from 'react';
import { Alert } from 'antd';
import type { SysNotice } from '../../api/sysconfig';
import { useActiveNotices } from '../../api/hooks/session';

/** Notices closed in this browser session (sessionStorage), so they stay closed while moving between screens. */
const DISMISSED_KEY = 'dismissedNotices';

const readDismissed = (): number[] => {
  try {
    const v = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
};

const NO_NOTICES: SysNotice[] = [];

const ALERT_TYPE: Record<SysNotice['level'], 'info' | 'warning' | 'error'> = { info: 'info', warning: 'warning', important: 'error' };

/** The system notices in their publish window for the signed-in user (GET /api/sys/common/notice/get), closable. */
export default function NoticeBar() {
  const notices = useActiveNotices().data ?? NO_NOTICES;
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = notices.filter((n) => !dismissed.includes(n.id));
  if (!shown.length) return null;
  const close = (id: number) => {
    const next = [...dismissed, id];
    setDismissed(next);
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
  };
  return (
    <div className="bd-notices" data-testid="portal-notices">
      {shown.map((n) => (
        <Alert
          key={n.id}
          type={ALERT_TYPE[n.level] ?? 'info'}
          showIcon
          closable={{ onClose: () => close(n.id) }}
          title={n.title}
          description={n.content ? <span className="bd-notice-content">{n.content}</span> : undefined}
          data-testid={`portal-notice-${n.id}`}
        />
      ))}
    </div>
  );
}
