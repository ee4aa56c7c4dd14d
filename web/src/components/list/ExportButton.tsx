import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { getDownloadTicket } from '../../api/admin';
import { useStartExport } from '../../api/hooks/jobs';
import { shownByClient } from '../../api/hooks/useWrite';
import { API_BASE } from '../../app/config';
import { t, useI18n, type MessageKey } from '../../i18n';

// the background export's dialog (antd's Modal, the job's progress) loads when a large export first needs it
const ExportJobDialog = lazy(() => import('./ExportJobDialog'));

/**
 * Export in a new window (spec section 7). The URL carries a single-use, 60-second download ticket instead of the
 * session token, plus the list's filters and sort.
 */
export async function openExport(path: string, params: Record<string, string>) {
  const { ticket } = await getDownloadTicket(path);
  const q = new URLSearchParams({ ...params, ticket });
  window.open(`${API_BASE}${path}?${q}`, '_blank', 'noopener,noreferrer');
}

/**
 * A list's export button. The export is first asked for its count: a large one (over the system parameter) is made
 * in the background, its progress shown here and its file offered when ready; any other opens at once.
 */
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
  useI18n();
  const start = useStartExport();
  const [opening, setOpening] = useState(false);
  const [jobId, setJobId] = useState<number>();
  const closeJob = () => setJobId(undefined);
  const exportNow = () => {
    setOpening(true);
    start
      .mutateAsync({ path, query: new URLSearchParams(params).toString() })
      .then((out) => (out.jobId ? setJobId(out.jobId) : openExport(path, params)))
      .catch(shownByClient)
      .finally(() => setOpening(false));
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={opening} data-testid={testId} onClick={exportNow}>
        {t(labelKey)}
      </Button>
      {jobId && (
        <Suspense fallback={null}>
          <ExportJobDialog id={jobId} onClose={closeJob} />
        </Suspense>
      )}
    </>
  );
}
