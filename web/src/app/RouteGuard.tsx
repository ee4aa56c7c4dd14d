import { createContext, useContext, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { login, renewLogin } from '../api/auth';
import PageLoading from '../components/PageLoading';
import { useI18n } from '../i18n';
import { clearHrLogin, getHrLogin, saveLogin, setHrLogin, useSession } from '../lib/session';
import { guard, type GuardDecision } from './guard';

const DecisionContext = createContext<GuardDecision>({ kind: 'allow' });

/** The guard's decision for the current location (the admin shell shows 403 for 'forbidden'). */
export const useGuardDecision = () => useContext(DecisionContext);

type SilentLogin = Extract<GuardDecision, { kind: 'silentLogin' }>;

function SilentLoginRunner({ decision }: { decision: SilentLogin }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { LoginCode, PassWord, renewToken } = decision.login;
    const signIn = renewToken ? renewLogin(renewToken) : login(LoginCode, PassWord ?? '', undefined, undefined, undefined, decision.remember);
    signIn
      .then((result) => {
        saveLogin(result);
        if (decision.remember && result.renewToken) setHrLogin({ LoginCode, renewToken: result.renewToken });
        navigate('/gateway', { replace: true });
      })
      .catch(() => {
        clearHrLogin();
        navigate('/login', { replace: true });
      });
  }, [decision, navigate]);
  return <PageLoading tip={t('login.silent')} />;
}

/** Applies the pure guard() to every navigation. */
export default function RouteGuard() {
  const location = useLocation();
  const session = useSession();
  const decision = guard(location.pathname, new URLSearchParams(location.search), session, getHrLogin());
  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'silentLogin':
      return <SilentLoginRunner decision={decision} />;
    default:
      return (
        <DecisionContext.Provider value={decision}>
          <Outlet />
        </DecisionContext.Provider>
      );
  }
}
