/** The scheduled tasks, their runs and the log retention (api/tasks.ts). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cancelTaskRun, enableTask, listRetention, listTasks, previewCron, runTask, setRetention, updateTask, type TaskSettings } from '../tasks';
import { useDebounced } from '../../lib/useDebounced';
import { resourceKeys } from './keys';
import { useWrite } from './useWrite';

export const taskKeys = resourceKeys('tasks');
/** the task runs (the task log's list: useList key taskRunKeys.list()) */
export const taskRunKeys = resourceKeys('taskRuns');
export const retentionKeys = resourceKeys('logRetention');

/** The registered tasks (fixed by the server's build: asked once per page load). */
export const useTaskList = () => useQuery({ queryKey: taskKeys.of('all'), queryFn: () => listTasks(), staleTime: Infinity });
/** The tasks with their schedules and last runs, as the task manager shows them (asked afresh when shown). */
export const useTasksNow = () => useQuery({ queryKey: taskKeys.list(), queryFn: () => listTasks() });

/**
 * The next runs of a cron expression as it is typed: asked 300 ms after the last key stroke, quietly (the screen shows
 * the server's refusal in place). The preview shown stays while the next is asked; an empty expression has none.
 */
export function useCronPreview(cron: string) {
  const settled = useDebounced(cron.trim());
  const q = useQuery({
    queryKey: taskKeys.of('cron', settled),
    queryFn: () => previewCron(settled, { silent: true }),
    enabled: !!settled,
    placeholderData: keepPreviousData,
  });
  return { preview: settled ? q.data : undefined, error: settled ? q.error : null };
}

/** A task's settings, switch and run change the task list (its schedule, state and last run) and its runs. */
const taskWrite = [taskKeys.all, taskRunKeys.all];
export const useUpdateTask = () => useWrite((s: TaskSettings) => updateTask(s), taskWrite);
export const useEnableTask = () => useWrite((v: { code: string; enabled: boolean }) => enableTask(v.code, v.enabled), taskWrite);
export const useRunTask = () => useWrite((code: string) => runTask(code), taskWrite);
export const useCancelTaskRun = () => useWrite((id: number) => cancelTaskRun(id), taskWrite);

export const useRetention = () => useQuery({ queryKey: retentionKeys.all, queryFn: listRetention });
export const useSetRetention = () => useWrite((v: { log: string; days: number }) => setRetention(v.log, v.days), [retentionKeys.all]);
