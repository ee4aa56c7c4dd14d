/** What the task manager and the task log share: the outcome tag and the task filter. */
import { useEffect, useState } from 'react';
import { Select, Tag } from 'antd';
import { listTasks, type Task } from '../../api/tasks';
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

let cached: Promise<Task[]> | undefined;

/** The registered tasks (read once per page load). */
export function useTasks(): Task[] {
  const [tasks, setTasks] = useState<Task[]>([]);
  useEffect(() => {
    cached ??= listTasks().catch(() => {
      cached = undefined;
      return [];
    });
    let live = true;
    void cached.then((v) => live && setTasks(v));
    return () => {
      live = false;
    };
  }, []);
  return tasks;
}

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
