import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { getDownloadTicket } from '../../api/admin';
import { API_BASE } from '../../app/config';
import { useI18n, type MessageKey } from '../../i18n';

/**
 * Export in a new window (spec section 7). The URL carries a single-use, 60-second download ticket instead of the
 * session token, plus the list's filters and sort.
 */
export async function openExport(path: string, params: Record<string, string>) {
  const { ticket } = await getDownloadTicket(path);
  const q = new URLSearchParams({ ...params, ticket });
  window.open(`${API_BASE}${path}?${q}`, '_blank', 'noopener,noreferrer');
}

export default function ExportButton({
  path,
  params,
  labelKey = 'list.export',
  testId = 'list-export',
}: {
  path: string;
  params: Record<string, string>;
  /** the button's text (an i18n key) and data-testid, for a screen with a second export */
  labelKey?: MessageKey;
  testId?: string;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid={testId}
      onClick={() => {
        setBusy(true);
        openExport(path, params)
          .catch(() => {
            /* the client has shown the error */
          })
          .finally(() => setBusy(false));
      }}
    >
      {t(labelKey)}
    </Button>
  );
}
