/** What the taking page reported of an attempt (leaving the page, losing focus, pasting): counts and a timeline. */
import { Alert, Descriptions, Drawer, Empty, Spin, Table, Tag } from 'antd';
import type { AttemptEvent, Grade } from '../../api/exam';
import { useAttemptEvents } from '../../api/hooks/exam';
import { useI18n } from '../../i18n';

const KIND_COLORS: Record<string, string> = { leave: 'red', blur: 'orange', paste: 'purple' };

export default function AttemptEventsDrawer({ grade, onClose }: { grade: Grade; onClose: () => void }) {
  const { t } = useI18n();
  const q = useAttemptEvents(grade.attemptId);
  const events = q.data ?? [];
  const count = (k: string) => events.filter((e) => e.kind === k).length;
  return (
    <Drawer open width={520} onClose={onClose} title={t('exam.ev.title', { name: grade.name })} destroyOnHidden>
      <div data-testid="exam-ev">
        {q.isError ? (
          <Alert type="error" showIcon message={t('common.loadFailed')} />
        ) : !q.data ? (
          <Spin />
        ) : (
          <>
            <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
              {(['leave', 'blur', 'paste'] as const).map((k) => (
                <Descriptions.Item key={k} label={t(`exam.ev.kind.${k}`)}>
                  <b data-testid={`exam-ev-count-${k}`}>{count(k)}</b>
                </Descriptions.Item>
              ))}
            </Descriptions>
            <Table<AttemptEvent>
              size="small"
              rowKey={(e, i) => `${e.at}-${i}`}
              dataSource={events}
              pagination={false}
              locale={{ emptyText: <Empty description={t('exam.ev.none')} /> }}
              data-testid="exam-ev-timeline"
              columns={[
                { title: t('exam.ev.at'), dataIndex: 'at', width: 180 },
                { title: t('exam.ev.kind'), dataIndex: 'kind', render: (v: string) => <Tag color={KIND_COLORS[v]}>{t(`exam.ev.kind.${v}` as 'exam.ev.kind.leave')}</Tag> },
              ]}
            />
          </>
        )}
      </div>
    </Drawer>
  );
}
