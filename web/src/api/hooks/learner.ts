/**
 * The mobile learner page's reads (api/learner.ts), on its own session: the page runs outside the shells, so it
 * mounts a query cache of its own per signed-in learner (features/content/LearnerPage.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { learnerCatalog, learnerCourse, learnerCourses, learnerSpecial, updateLoginDate } from '../learner';
import { resourceKeys } from './keys';

export const learnerKeys = resourceKeys('learner');

/** The home page: what is pushed to the learner (after noting the visit) and the offered catalogue. */
export const useLearnerHome = () =>
  useQuery({
    queryKey: learnerKeys.of('home'),
    queryFn: () =>
      Promise.all([updateLoginDate().then(() => learnerCourses()), learnerCatalog()]).then(([pushed, catalog]) => ({
        pushed: pushed.filter((i) => i.name),
        catalog,
      })),
  });
export const useLearnerCourse = (id: number) => useQuery({ queryKey: learnerKeys.one('course', id), queryFn: () => learnerCourse(id) });
export const useLearnerTopic = (id: number) => useQuery({ queryKey: learnerKeys.one('topic', id), queryFn: () => learnerSpecial(id) });
