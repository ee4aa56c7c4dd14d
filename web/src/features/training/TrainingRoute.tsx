import { lazy } from 'react';
import { useLocation } from 'react-router-dom';

// One entry for training's screens in the route table (routes.ts), so that the first page's bundle carries
// one small import instead of each screen's list of chunks; each screen loads when opened.
const LecturerPage = lazy(() => import('./LecturerPage'));
const ClassPage = lazy(() => import('./ClassPage'));
const PortalTrainingPage = lazy(() => import('./PortalTrainingPage'));
const SurveyPage = lazy(() => import('./SurveyPage'));
const HonourPage = lazy(() => import('./HonourPage'));
const PlanPage = lazy(() => import('./PlanPage'));

/** /training_plan, /training_lecturer, /training_class, /training_survey, /training_honour (admin) and /gatewayTraining (portal). */
export default function TrainingRoute() {
  const path = useLocation().pathname.toLowerCase();
  if (path.startsWith('/training_lecturer')) return <LecturerPage />;
  if (path.startsWith('/training_class')) return <ClassPage />;
  if (path.startsWith('/training_survey')) return <SurveyPage />;
  if (path.startsWith('/training_honour')) return <HonourPage />;
  if (path.startsWith('/training_plan')) return <PlanPage />;
  return <PortalTrainingPage />;
}
