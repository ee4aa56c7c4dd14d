/**
 * The phone page's training (/h5Course, 390 px): my classes and my schedule, and the sign-in a QR's address opens
 * (`/h5Course?signin=<session>&code=<code>`): the trainee is signed in at once, or with one tap when the session checks
 * the phone's position (which the browser then asks for); the result or the reason it failed is shown plainly.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Result, Segmented, Skeleton, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { queryClient } from '../../api/queries';
import type { SignedIn } from '../../api/training';
import { t, useI18n } from '../../i18n';
import { MyCertificates, MyEvaluations } from './MyEvalCert';
import { MyClasses, MySchedule } from './MyTraining';
import { MySurveys } from './MySurveys';

type Panel = 'classes' | 'schedule' | 'evaluations' | 'surveys' | 'certificates';
import { timeRange } from './parts';
import { useSessionCard, useSignIn } from './queries';

export default function H5Training({ signin, code }: { signin?: number; code?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      {signin ? <SignInView sessionId={signin} code={code ?? ''} /> : <Panels />}
    </QueryClientProvider>
  );
}

function Panels() {
  useI18n();
  const [tab, setTab] = useState<Panel>('classes');
  return (
    <div data-testid="h5-training">
      <Segmented
        block
        value={tab}
        onChange={(v) => setTab(v as Panel)}
        options={[
          { value: 'classes', label: <span data-testid="h5-training-classes">{t('training.my.classesShort')}</span> },
          { value: 'schedule', label: <span data-testid="h5-training-schedule">{t('training.my.scheduleShort')}</span> },
          { value: 'evaluations', label: <span data-testid="h5-training-evaluations">{t('training.my.evaluationsShort')}</span> },
          { value: 'surveys', label: <span data-testid="h5-training-surveys">{t('training.my.surveysShort')}</span> },
          { value: 'certificates', label: <span data-testid="h5-training-certificates">{t('training.my.certificatesShort')}</span> },
        ]}
        style={{ marginBottom: 12 }}
      />
      {tab === 'classes' && <MyClasses where="h5" compact />}
      {tab === 'schedule' && <MySchedule where="h5" compact />}
      {tab === 'evaluations' && <MyEvaluations where="h5" />}
      {tab === 'surveys' && <MySurveys where="h5" compact />}
      {tab === 'certificates' && <MyCertificates where="h5" />}
    </div>
  );
}

type Outcome = { ok: SignedIn } | { error: string } | null;

function SignInView({ sessionId, code }: { sessionId: number; code: string }) {
  useI18n();
  const navigate = useNavigate();
  const card = useSessionCard(sessionId);
  const sign = useSignIn();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [locating, setLocating] = useState(false);
  const tried = useRef(false);
  const send = (pos?: { lat: number; lng: number }) =>
    sign.mutateAsync({ sessionId, code, ...(pos ? { lat: pos.lat, lng: pos.lng, hasPosition: true } : {}) }).then(
      (ok) => setOutcome({ ok }),
      (e: unknown) => setOutcome({ error: e instanceof Error ? e.message : t('msg.operationException') }),
    );
  const withPosition = () => {
    if (!navigator.geolocation) {
      setOutcome({ error: t('training.h5.noPosition') });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        void send({ lat: p.coords.latitude, lng: p.coords.longitude });
      },
      () => {
        setLocating(false);
        setOutcome({ error: t('training.h5.positionDenied') });
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  const c = card.data;
  const already = c && (c.myState === 'present' || c.myState === 'late');
  // signed in at once when the session does not check the position (once per opening)
  useEffect(() => {
    if (!c || already || c.needsPosition || tried.current) return;
    tried.current = true;
    void send();
  }, [c, already]); // eslint-disable-line react-hooks/exhaustive-deps
  const home = (
    <Button onClick={() => navigate('/h5Course?training=1', { replace: true })} data-testid="h5-signin-home">
      {t('training.h5.myTraining')}
    </Button>
  );
  if (card.isLoading) return <Skeleton active />;
  if (card.isError) return <Result status="error" title={t('training.h5.failed')} subTitle={card.error.message} extra={home} data-testid="h5-signin-error" />;
  if (!c) return null;
  const head = (
    <div style={{ textAlign: 'center', marginBottom: 8 }}>
      <Typography.Title level={4} style={{ marginBottom: 4 }}>
        {c.className}
      </Typography.Title>
      <Typography.Text type="secondary">
        {c.title} · {timeRange(c)}
        {c.room && ` · ${c.room}`}
      </Typography.Text>
    </div>
  );
  if (outcome && 'ok' in outcome)
    return (
      <div data-testid="h5-signin-done">
        {head}
        <Result
          status="success"
          title={t(outcome.ok.state === 'late' ? 'training.h5.late' : 'training.h5.present')}
          subTitle={t('training.h5.at', { at: dayjs(outcome.ok.signedAt).format('HH:mm:ss') })}
          extra={home}
        />
      </div>
    );
  if (already)
    return (
      <div data-testid="h5-signin-done">
        {head}
        <Result status="success" title={t('training.h5.already')} extra={home} />
      </div>
    );
  if (outcome && 'error' in outcome)
    return (
      <div data-testid="h5-signin-error">
        {head}
        <Result status="error" title={t('training.h5.failed')} subTitle={<span data-testid="h5-signin-reason">{outcome.error}</span>} extra={home} />
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('training.h5.scanAgain')}
        </Typography.Paragraph>
      </div>
    );
  return (
    <div data-testid="h5-signin">
      {head}
      {c.needsPosition ? (
        <Result
          icon={<EnvironmentOutlined />}
          title={t('training.h5.needsPosition')}
          extra={
            <Button type="primary" size="large" block loading={locating || sign.isPending} onClick={withPosition} data-testid="h5-signin-position">
              {t('training.h5.signWithPosition')}
            </Button>
          }
        />
      ) : (
        <Result icon={<Skeleton.Avatar active size={64} />} title={t('training.h5.signing')} />
      )}
    </div>
  );
}
