import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Segmented, Space, Spin } from 'antd';
import { ArrowLeftOutlined, FormOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  continueWebSession,
  forgetsword,
  learnerLogin,
  learnerSig,
  outLogin,
  sendYzm,
  type Catalog,
  type PushItem,
} from '../../api/learner';
import { useLearnerCourse, useLearnerHome, useLearnerTopic } from '../../api/hooks/learner';
import { newQueryClient } from '../../api/queries';
import LanguageSwitch from '../../components/LanguageSwitch';
import { PortalBrand } from '../../components/portal/PortalChrome';
import { clearH5Session, useH5User } from '../../lib/h5Session';
import { useSession } from '../../lib/session';
import { usePortalLayout } from '../../lib/siteConfig';
import { isValidPassword, PASSWORD_MAX } from '../../lib/validate';
import { loadFullLang, loadMessages, useI18n } from '../../i18n';
import { EmptyNote, Grid, LearnCard, learnStyles, Section, targetOf, WareList } from './LearnParts';
import styles from './learner.module.css';

// training (my classes, my schedule, the QR's sign-in) loads with its messages when first opened
const H5Training = lazy(() => loadMessages('all').then(() => import('../training/H5Training')));

// the exams (issue 31) load when opened, never with the course pages, with the messages beyond the public ones
const ExamTaker = lazy(() => Promise.all([import('../exam/taking/ExamTaker'), loadFullLang()]).then(([m]) => m));

/**
 * /h5Course: the learner page of the mobile plug-in, phone-width, on the curriculum-user API only (its own mobile
 * session, h5Token). Opened from the portal in a browser signed in on the web, it continues that sign-in through a
 * single-use hand-over code (docs/decisions/0017) instead of asking again; opened on its own (a phone), it shows a
 * sign-in like the portal's, or 'forgot password' with a code. Signed in: the pushed courses, the topics and every
 * offered course; ?course= a course with its courseware (a PDF in a new tab, a video in place, through short-lived
 * signed addresses), ?topic= a topic.
 */
/** A hand-over that fails (an expired web session, a used code) leaves the sign-in below as the way on. */
const signInInstead = (): void => undefined;

export default function LearnerPage() {
  const user = useH5User();
  const web = useSession();
  const [handing, setHanding] = useState(false);
  const tried = useRef(false);
  // a web session of this browser tab (another account than the stored mobile one included) is carried over once
  const carry = !!web?.accessToken && (!user || user.userId !== web.userId) && !tried.current;
  useEffect(() => {
    if (!carry || tried.current) return;
    tried.current = true;
    setHanding(true);
    continueWebSession()
      .catch(signInInstead)
      .finally(() => setHanding(false));
  }, [carry]);
  if (carry || handing) return <Continuing />;
  return user ? (
    <LearnerQueries key={user.userId}>
      <SignedIn name={user.userName} fromPortal={!!web?.accessToken} />
    </LearnerQueries>
  ) : (
    <SignIn />
  );
}

/** The page's own query cache (it runs outside the shells, on the mobile session): a new one per signed-in learner. */
function LearnerQueries({ children }: { children: ReactNode }) {
  const [client] = useState(newQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function Continuing() {
  const { t } = useI18n();
  return (
    <div className={styles.center} data-testid="h5-continuing">
      <Spin />
      <span>{t('learn.continuing')}</span>
    </div>
  );
}

/** The portal's configured logo and title: read with the web session, so only when there is one. */
function WebBrand() {
  return <PortalBrand layout={usePortalLayout()} to="/gateway" />;
}

function Header({ name, fromPortal, onSignOut }: { name: string; fromPortal: boolean; onSignOut: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <header className={`bd-header ${styles.header}`}>
      <div className="bd-header-left">{fromPortal ? <WebBrand /> : <PortalBrand to="/h5Course" />}</div>
      <div className="bd-header-right">
        <span className={styles.user} data-testid="h5-user">
          {name}
        </span>
        {fromPortal ? (
          <Button size="small" onClick={() => navigate('/gatewayCourse')} data-testid="h5-portal">
            {t('learn.portal')}
          </Button>
        ) : (
          <Button size="small" onClick={onSignOut} data-testid="h5-sign-out">
            {t('h5.signOut')}
          </Button>
        )}
      </div>
    </header>
  );
}

function SignIn() {
  const { t } = useI18n();
  const [forgot, setForgot] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (v: { LoginCode: string; PassWord: string }) => {
    setBusy(true);
    try {
      await learnerLogin(v.LoginCode.trim(), v.PassWord);
    } catch {
      // the client showed the message
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.signInPage}>
      <div className={styles.lang}>
        <LanguageSwitch />
      </div>
      <main className={styles.signInCard} data-testid={forgot ? 'h5-forgot-form' : 'h5-login'}>
        <div className={styles.signInHead}>
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <h1 className={styles.signInTitle}>{forgot ? t('login.forgot.link') : t('learn.signInTitle')}</h1>
          {!forgot && <p className={styles.signInSubtitle}>{t('learn.signInSubtitle')}</p>}
        </div>
        {forgot ? (
          <Forgot onDone={() => setForgot(false)} />
        ) : (
          <>
            <Form layout="vertical" size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
              <Form.Item name="LoginCode" label={t('login.loginCode')} rules={[{ required: true, message: t('login.loginCodeRequired') }]}>
                <Input prefix={<UserOutlined />} placeholder={t('login.loginCodePlaceholder')} autoComplete="username" data-testid="h5-login-code" />
              </Form.Item>
              <Form.Item name="PassWord" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
                <Input.Password prefix={<LockOutlined />} placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" data-testid="h5-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy} data-testid="h5-submit">
                {t('login.submit')}
              </Button>
            </Form>
            <div className={styles.signInLinks}>
              <Button type="link" size="small" onClick={() => setForgot(true)} data-testid="h5-forgot">
                {t('login.forgot.link')}
              </Button>
            </div>
          </>
        )}
      </main>
      <footer className={styles.signInFoot}>
        {t('app.name')} · {t('app.tagline')}
      </footer>
    </div>
  );
}

function Forgot({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm();
  const [wait, setWait] = useState(0);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const id = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(id);
  }, [wait]);
  const send = async () => {
    const code = String(form.getFieldValue('LoginCode') ?? '').trim();
    if (!code) {
      void form.validateFields(['LoginCode']);
      return;
    }
    try {
      const sent = await sendYzm(code);
      setWait(sent.resendIn);
    } catch {
      // shown by the client
    }
  };
  const submit = async (v: { LoginCode: string; yzm: string; newPassword: string; replacePassword: string }) => {
    try {
      await forgetsword({ ...v, LoginCode: v.LoginCode.trim() });
      setDone(true);
    } catch {
      // shown by the client
    }
  };
  return (
    <>
      {done && <Alert type="success" showIcon message={t('login.forgot.done')} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="LoginCode" label={t('login.loginCode')} rules={[{ required: true, message: t('login.loginCodeRequired') }]}>
          <Input />
        </Form.Item>
        <Form.Item label={t('login.forgot.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="yzm" noStyle rules={[{ required: true, message: t('login.forgot.codeRequired') }]}>
              <Input inputMode="numeric" maxLength={6} />
            </Form.Item>
            <Button disabled={wait > 0} onClick={() => void send()}>
              {wait > 0 ? t('login.forgot.resendIn', { n: wait }) : t('login.forgot.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="newPassword" label={t('login.forgot.new')} rules={[
            { required: true, message: t('login.forgot.newRequired') },
            { validator: (_, v: string) => (!v || isValidPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('login.forgot.rule')))) },
          ]}>
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Form.Item
          name="replacePassword"
          label={t('login.forgot.repeat')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('login.forgot.repeatRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v) => (v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('login.forgot.mismatch')))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          {t('login.forgot.submit')}
        </Button>
      </Form>
      <div className={styles.signInLinks}>
        <Button type="link" size="small" onClick={onDone}>
          {t('login.forgot.back')}
        </Button>
      </div>
    </>
  );
}

function SignedIn({ name, fromPortal }: { name: string; fromPortal: boolean }) {
  const [search] = useSearchParams();
  const course = Number(search.get('course')) || 0;
  const topic = Number(search.get('topic')) || 0;
  const signin = Number(search.get('signin')) || 0;
  const training = signin > 0 || search.get('training') === '1';
  const exams = search.has('exams');
  const signOut = async () => {
    try {
      await outLogin();
    } finally {
      clearH5Session();
    }
  };
  return (
    <div className={styles.app}>
      <Header name={name} fromPortal={fromPortal} onSignOut={() => void signOut()} />
      <main className={styles.main}>
        {exams ? (
          <ExamsView attempt={Number(search.get('attempt')) || 0} />
        ) : training ? (
          <>
            {!signin && <Switcher training />}
            <Suspense fallback={<Spin className={styles.spin} />}>
              <H5Training signin={signin || undefined} code={search.get('code') ?? undefined} />
            </Suspense>
          </>
        ) : course ? (
          <CourseView id={course} />
        ) : topic ? (
          <TopicView id={topic} />
        ) : (
          <>
            <Switcher training={false} />
            <Home />
          </>
        )}
      </main>
    </div>
  );
}

/** The page's two parts: the courses, and my training (classes, schedule). */
function Switcher({ training }: { training: boolean }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Segmented
      block
      value={training ? 'training' : 'courses'}
      onChange={(v) => navigate(v === 'training' ? '/h5Course?training=1' : '/h5Course')}
      options={[
        { value: 'courses', label: <span data-testid="h5-tab-courses">{t('h5.tab.courses')}</span> },
        { value: 'training', label: <span data-testid="h5-tab-training">{t('h5.tab.training')}</span> },
      ]}
      style={{ marginBottom: 12 }}
    />
  );
}

/** Opens a course or a topic in the page (the address keeps it: back returns). */
function useOpen() {
  const navigate = useNavigate();
  return (t: { course?: number; topic?: number }) =>
    navigate(t.course ? `/h5Course?course=${t.course}` : t.topic ? `/h5Course?topic=${t.topic}` : '/h5Course');
}

function Home() {
  const { t } = useI18n();
  const open = useOpen();
  const home = useLearnerHome();
  // a failure (shown by the client) leaves an empty page rather than a spinner
  const data = home.data ?? (home.isError ? NOTHING : null);
  if (!data) return <Spin className={styles.spin} />;
  const { pushed, catalog } = data;
  if (!pushed.length && !catalog.courses.length && !catalog.topics.length)
    return (
      <>
        <ExamsLink />
        <EmptyNote testId="h5-empty">{t('learn.empty')}</EmptyNote>
      </>
    );
  return (
    <div data-testid="h5-home">
      <ExamsLink />
      <Section title={t('learn.pushed')} testId="h5-pushed">
        {pushed.length ? (
          <Grid>
            {pushed.map((i) => (
              <LearnCard
                key={`${i.type}-${i.id}-${i.specialId ?? 0}`}
                name={i.name}
                cover={i.cover}
                tag={i.type === '1' ? undefined : t('learn.topics')}
                onClick={() => open(targetOf(i.link))}
                testId={`h5-course-${i.id}`}
              />
            ))}
          </Grid>
        ) : (
          <EmptyNote testId="h5-none-pushed">{t('learn.nonePushed')}</EmptyNote>
        )}
      </Section>
      {catalog.topics.length > 0 && (
        <Section title={t('learn.topics')} testId="h5-topics">
          <Grid>
            {catalog.topics.map((c) => (
              <LearnCard key={c.id} name={c.name} cover={c.cover} onClick={() => open({ topic: c.id })} testId={`h5-topic-${c.id}`} />
            ))}
          </Grid>
        </Section>
      )}
      {catalog.courses.length > 0 && (
        <Section title={t('learn.all')} note={t('learn.courseCount', { n: catalog.courses.length })} testId="h5-all">
          <Grid>
            {catalog.courses.map((c) => (
              <LearnCard
                key={c.id}
                name={c.name}
                cover={c.cover}
                meta={[c.typeName, c.lecturer].filter(Boolean).join(' · ')}
                onClick={() => open({ course: c.id })}
                testId={`h5-all-${c.id}`}
              />
            ))}
          </Grid>
        </Section>
      )}
    </div>
  );
}

/** ?exams: my exams on the phone; &attempt= the attempt being taken (a reload continues it). */
function ExamsView({ attempt }: { attempt: number }) {
  const navigate = useNavigate();
  return (
    <div data-testid="h5-exams">
      {!attempt && <BackBar />}
      <Suspense fallback={<Spin className={styles.spin} />}>
        <ExamTaker channel="phone" attemptId={attempt} go={(a) => navigate(a ? `/h5Course?exams&attempt=${a}` : '/h5Course?exams', { replace: !!attempt })} />
      </Suspense>
    </div>
  );
}

function ExamsLink() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Button icon={<FormOutlined />} block size="large" style={{ marginBottom: 16 }} onClick={() => navigate('/h5Course?exams')} data-testid="h5-exams-link">
      {t('exam.my.title')}
    </Button>
  );
}

function BackBar() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} size="small" style={{ marginBottom: 12 }} data-testid="h5-back">
      {t('h5.back')}
    </Button>
  );
}

const NOTHING: { pushed: PushItem[]; catalog: Catalog } = { pushed: [], catalog: { courses: [], topics: [] } };

/** A course or topic that cannot be read (gone, not offered: the client has said why) sends the learner home. */
function useBackHomeOn(failed: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (failed) navigate('/h5Course', { replace: true });
  }, [failed, navigate]);
}

function CourseView({ id }: { id: number }) {
  const { t } = useI18n();
  const { data: course, isError } = useLearnerCourse(id);
  useBackHomeOn(isError);
  if (!course) return <Spin className={styles.spin} />;
  return (
    <div data-testid="h5-course">
      <BackBar />
      {course.cover && <img src={course.cover} alt="" className={learnStyles.hero} />}
      <h1 className={learnStyles.title}>{course.name}</h1>
      <div className={learnStyles.meta}>
        {[course.typeName, course.lecturer && t('learn.lecturer', { name: course.lecturer })].filter(Boolean).join(' · ')}
      </div>
      {course.description && <p className={learnStyles.desc}>{course.description}</p>}
      <div style={{ height: 20 }} />
      <Section title={t('h5.courseware')}>
        <WareList wares={course.coursewares} sig={learnerSig} />
      </Section>
    </div>
  );
}

function TopicView({ id }: { id: number }) {
  const { t } = useI18n();
  const open = useOpen();
  const { data: topic, isError } = useLearnerTopic(id);
  useBackHomeOn(isError);
  if (!topic) return <Spin className={styles.spin} />;
  return (
    <div data-testid="h5-topic">
      <BackBar />
      {topic.cover && <img src={topic.cover} alt="" className={learnStyles.hero} />}
      <h1 className={learnStyles.title}>{topic.name}</h1>
      {topic.description && <p className={learnStyles.desc}>{topic.description}</p>}
      <div style={{ height: 20 }} />
      {topic.topics.length > 0 && (
        <Section title={t('learn.subTopics')}>
          <Grid>
            {topic.topics.map((c) => (
              <LearnCard key={c.id} name={c.name} cover={c.cover} onClick={() => open({ topic: c.id })} testId={`h5-topic-${c.id}`} />
            ))}
          </Grid>
        </Section>
      )}
      <Section title={t('learn.topicCourses')}>
        {topic.courses.length ? (
          <Grid>
            {topic.courses.map((c) => (
              <LearnCard key={c.id} name={c.name} cover={c.cover} onClick={() => open({ course: c.id })} testId={`h5-all-${c.id}`} />
            ))}
          </Grid>
        ) : (
          <EmptyNote>{t('learn.noTopicCourses')}</EmptyNote>
        )}
      </Section>
    </div>
  );
}
