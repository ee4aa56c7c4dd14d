import { Button, Popconfirm } from 'antd';
import { listTaskLog, TASK_LOG_EXPORT, type TaskRun } from '../../api/tasks';
import { toastCancelled, toastSuccess } from '../../api/client';
import { taskRunKeys, useCancelTaskRun } from '../../api/hooks/tasks';
import { shownByClient } from '../../api/hooks/useWrite';
import ListView from '../../components/list/ListView';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { OUTCOMES, OutcomeTag, TaskSelect, TRIGGERS, triggerLabel, useTasks } from './taskShared';

/** /task_log, described as data: every attempt of every run. */
const fields: SearchField[] = [
  { names: ['task'], labelKey: 'task.task', kind: 'custom', render: (p) => <TaskSelect value={p.value} onChange={p.onChange} /> },
  { names: ['outcome'], labelKey: 'task.outcome', kind: 'select', options: OUTCOMES.map((o) => ({ value: o, labelKey: `task.outcome.${o}` as const })) },
  { names: ['trigger'], labelKey: 'task.trigger', kind: 'select', options: TRIGGERS.map((o) => ({ value: o, labelKey: `task.trigger.${o}` as const })) },
  { names: ['keyword'], labelKey: 'task.keyword', kind: 'text' },
  { names: ['startTime', 'endTime'], labelKey: 'task.startRange', kind: 'dateRange', dateRange: true },
];

const duration = (ms: number | null) => (ms === null ? '' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

export default function TaskLogPage() {
  useI18n();
  const list = useList(fields, listTaskLog, { key: taskRunKeys.list() });
  const tasks = useTasks();
  const name = (code: string) => tasks.find((x) => x.code === code)?.name ?? code;

  const cancelRun = useCancelTaskRun();
  const cancel = (id: number) => cancelRun.mutateAsync(id).then(() => toastSuccess(), shownByClient);

  const columns: ListColumn<TaskRun>[] = [
    { titleKey: 'task.startedAt', dataIndex: 'startedAt', sortKey: 'startedAt', render: (v: string) => formatTime(v), width: 170, fixed: 'left' },
    { titleKey: 'task.task', dataIndex: 'task', clip: 140, render: (v: string) => <span data-testid="log-task">{name(v)}</span> },
    { titleKey: 'task.trigger', dataIndex: 'trigger', clip: 120, render: (v: string, r) => (r.startedBy ? `${triggerLabel(v)} (${r.startedBy})` : triggerLabel(v)) },
    // when the run was due: it differs from the start only after a misfire or a retry; shown from the column settings
    { titleKey: 'task.fireAt', dataIndex: 'fireAt', defaultHidden: true, render: (v: string | null) => formatTime(v) },
    { titleKey: 'task.endedAt', dataIndex: 'endedAt', render: (v: string | null) => formatTime(v) },
    { titleKey: 'task.duration', dataIndex: 'durationMs', render: (v: number | null) => duration(v) },
    { titleKey: 'task.outcome', dataIndex: 'outcome', render: (v: string) => <OutcomeTag outcome={v} /> },
    { titleKey: 'task.attempt', dataIndex: 'attempt', render: (v: number, r) => `${v} / ${r.maxAttempts}` },
    // which server ran it: for a cluster's administrator, shown from the column settings
    { titleKey: 'task.instance', dataIndex: 'instance', defaultHidden: true },
    {
      titleKey: 'task.message',
      dataIndex: 'message',
      clip: 150,
      render: (v: string) => <span data-testid="log-message">{v}</span>,
    },
    {
      titleKey: 'list.actions',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) =>
        r.outcome === 'running' ? (
          <Popconfirm title={t('task.cancelConfirm')} onConfirm={() => cancel(r.id)} onCancel={toastCancelled}>
            <Button type="link" size="small" danger data-testid={`log-cancel-${r.id}`}>
              {t('task.cancelRun')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return <ListView list={list} fields={fields} columns={columns} rowKey="id" exportPath={TASK_LOG_EXPORT} />;
}
