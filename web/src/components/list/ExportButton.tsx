import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { getDownloadTicket } from '../../api/admin';
import { API_BASE } from '../../app/config';
import { useI18n } from '../../i18n';

/**
 * Export in a new window (spec section 7). The URL carries a single-use, 60-second download ticket instead of the
 * session token, plus the list's filters and sort.
 */
export async function openExport(path: string, params: Record<string, string>) {
  const { ticket } = await getDownloadTicket(path);
  const q = new URLSearchParams({ ...params, ticket });
  window.open(`${API_BASE}${path}?${q}`, '_blank', 'noopener,noreferrer');
}

export default function ExportButton({ path, params }: { path: string; params: Record<string, string> }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid="list-export"
      onClick={() => {
        setBusy(true);
        openExport(path, params)
          .catch(() => {
            /* the client has shown the error */
          })
          .finally(() => setBusy(false));
      }}
    >
      {t('list.export')}
    </Button>
  );
}
