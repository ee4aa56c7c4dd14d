/** What the task manager and the task log share: the outcome tag and the task filter. */
import { Select, Tag } from 'antd';
import type { Task } from '../../api/tasks';
import { useTaskList } from '../../api/hooks/tasks';
import { hasMessage, t, type MessageKey } from '../../i18n';

const COLORS: Record<string, string> = {
  running: 'processing',
  success: 'success',
  failed: 'error',
  timeout: 'warning',
  cancelled: 'default',
  interrupted: 'magenta',
};

export const OUTCOMES = ['running', 'success', 'failed', 'timeout', 'cancelled', 'interrupted'] as const;
export const TRIGGERS = ['schedule', 'manual', 'misfire'] as const;

const label = (prefix: string, code: string) => {
  const key = `${prefix}.${code}`;
  return hasMessage(key) ? t(key as MessageKey) : code;
};

export const outcomeLabel = (o: string) => label('task.outcome', o);
export const triggerLabel = (o: string) => label('task.trigger', o);

export const OutcomeTag = ({ outcome }: { outcome: string }) => (
  <Tag color={COLORS[outcome] ?? 'default'} data-testid="task-outcome">
    {outcomeLabel(outcome)}
  </Tag>
);

/** The registered tasks (read once per page load; none while they cannot be read: the client has shown why). */
export function useTasks(): Task[] {
  return useTaskList().data ?? NO_TASKS;
}
const NO_TASKS: Task[] = [];

/** The task filter of the log: the registered tasks by name. */
export function TaskSelect({ value, onChange }: { value?: string; onChange(v?: string, label?: string): void }) {
  const tasks = useTasks();
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      value={value || undefined}
      onChange={(v?: string) => onChange(v, tasks.find((x) => x.code === v)?.name)}
      options={tasks.map((x) => ({ value: x.code, label: x.name }))}
      placeholder={t('task.allTasks')}
      data-testid="search-task"
    />
  );
}
