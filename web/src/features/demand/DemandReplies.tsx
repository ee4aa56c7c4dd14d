import { Space, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { DemandItem } from '../../api/demand';
import { FILE_DOWN_PATH } from '../../api/upload';
import { shownByClient } from '../../api/hooks/useWrite';
import { openExport } from '../../components/list/ExportButton';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { DemandStateTag } from './DemandItemsDrawer';

/** The answers to a demand, oldest first: state (unless the list shows it beside), text, files (they download for the submitter and the bid team). */
export default function DemandReplies({ replies, testId, states = true }: { replies: DemandItem['replies']; testId?: string; states?: boolean }) {
  const { t } = useI18n();
  if (!replies.length) return null;
  return (
    <ol className="bd-demand-replies" data-testid={testId} style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
      {replies.map((r) => (
        <li key={r.id} style={{ borderLeft: '3px solid var(--bd-color-primary-border)', padding: '4px 0 4px 10px', marginBottom: 6 }} data-testid={testId ? `${testId}-${r.id}` : undefined}>
          <Space size={8} wrap>
            {states && <DemandStateTag state={r.state} />}
            <Typography.Text type="secondary">{t('demand.reply.by', { name: r.answeredByName || '-', time: formatTime(r.answeredAt) })}</Typography.Text>
          </Space>
          {r.text && <div style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{r.text}</div>}
          {r.files.length > 0 && (
            <Space size={12} wrap style={{ marginTop: 4 }}>
              {r.files.map((f) => (
                <Typography.Link key={f.id} onClick={() => void openExport(FILE_DOWN_PATH, { id: String(f.id) }).catch(shownByClient)}>
                  <PaperClipOutlined /> {f.name}
                </Typography.Link>
              ))}
            </Space>
          )}
        </li>
      ))}
    </ol>
  );
}
