import { useEffect, useRef, useState } from 'react';
import { Result, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ssoLogin, ssoStart } from '../../api/auth';
import type { ApiError } from '../../api/client';
import { useI18n } from '../../i18n';
import { saveLogin, setHrLogin } from '../../lib/session';

type View = { kind: 'working' } | { kind: 'off' } | { kind: 'fromHr' } | { kind: 'failed'; message: string };

/**
 * /sso: the HR system's code is exchanged on the server (POST /api/sso/login) for a session marked HR-origin; its
 * renewal token is kept as the stored HR login, so a closed tab comes back signed in (the guard's silent re-login).
 * Without a code (or, in OpenID Connect mode, without the state this browser started with) it starts the sign-in
 * at the HR system. Every refusal shows the server's message here.
 */
export default function SsoPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [view, setView] = useState<View>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code') ?? '';
    const state = params.get('state') ?? '';
    const fail = (e: unknown) => setView({ kind: 'failed', message: (e as ApiError).message });
    const exchange = (withState?: string) =>
      ssoLogin(code, withState, { silent: true })
        .then((result) => {
          saveLogin(result);
          if (result.renewToken) setHrLogin({ LoginCode: result.LoginCode ?? '', renewToken: result.renewToken });
          navigate('/gateway', { replace: true });
        })
        .catch(fail);
    if (params.get('error')) {
      setView({ kind: 'failed', message: params.get('error_description') || t('sso.providerError') });
      return;
    }
    if (code && state) {
      void exchange(state);
      return;
    }
    ssoStart({ silent: true })
      .then((start) => {
        if (start.mode === 'oidc' && start.url) window.location.assign(start.url);
        else if (start.mode === 'ticket' && code) void exchange();
        else setView({ kind: start.mode === 'ticket' ? 'fromHr' : 'off' });
      })
      .catch(fail);
  }, [params, navigate, t]);

  const back = (
    <Link to="/login" data-testid="sso-to-login">
      {t('sso.toLogin')}
    </Link>
  );
  return (
    <div className="bd-center">
      {view.kind === 'working' && (
        <Result icon={<Spin size="large" />} title={t('sso.title')} subTitle={t('sso.working')} data-testid="sso-working" />
      )}
      {view.kind === 'off' && <Result status="info" title={t('sso.title')} subTitle={t('sso.notConfigured')} extra={back} />}
      {view.kind === 'fromHr' && <Result status="info" title={t('sso.title')} subTitle={t('sso.fromHr')} extra={back} />}
      {view.kind === 'failed' && (
        <Result
          status="error"
          title={t('sso.failed')}
          subTitle={<span role="alert" data-testid="sso-error">{view.message}</span>}
          extra={back}
        />
      )}
    </div>
  );
}
