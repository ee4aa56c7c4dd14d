/** The scheduled tasks (api/tasks.ts). */
import { useQuery } from '@tanstack/react-query';
import { listTasks } from '../tasks';
import { resourceKeys } from './keys';

export const taskKeys = resourceKeys('tasks');

/** The registered tasks (fixed by the server's build: asked once per page load). */
export const useTaskList = () => useQuery({ queryKey: taskKeys.of('all'), queryFn: () => listTasks(), staleTime: Infinity });
