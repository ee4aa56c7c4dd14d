import { useLocation } from 'react-router-dom';
import { lazyRemembered, remembered } from '../../lib/remembered';

// One entry for training's screens in the route table (routes.ts), so that the first page's bundle carries
// one small import instead of each screen's list of chunks; each screen loads when opened.
const screens = [
  { prefix: '/training_lecturer', module: remembered(() => import('./LecturerPage')) },
  { prefix: '/training_class', module: remembered(() => import('./ClassPage')) },
  { prefix: '/training_survey', module: remembered(() => import('./SurveyPage')) },
  { prefix: '/training_honour', module: remembered(() => import('./HonourPage')) },
  { prefix: '/training_plan', module: remembered(() => import('./PlanPage')) },
  { prefix: '', module: remembered(() => import('./PortalTrainingPage')) },
].map((s) => ({ ...s, Screen: lazyRemembered(s.module) }));

const screenOf = (path: string) => screens.find((s) => path.toLowerCase().startsWith(s.prefix))!;

/**
 * Loads the screen of an address (by default the one the app is at). The route table's loader waits for it with this
 * module, so that a full load asks for the screen's code with the rest (not once this route has rendered) and the
 * first render draws the screen at once (issue 28).
 */
export function loadScreen(path = window.location.pathname) {
  return screenOf(path).module.load();
}

/** /training_plan, /training_lecturer, /training_class, /training_survey, /training_honour (admin) and /gatewayTraining (portal). */
export default function TrainingRoute() {
  const { Screen } = screenOf(useLocation().pathname);
  return <Screen />;
}
