import { lazy, Suspense, useState, type FormEvent } from 'react';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { Link, useNavigate } from 'react-router-dom';
import type { ApiError } from '../../api/client';
import type { LoginResult } from '../../api/types';
import PageLoading from '../../components/PageLoading';
import { useI18n, withAntdLocale } from '../../i18n';
import { saveLogin } from '../../lib/session';
import styles from './login.module.css';
// Plain HTML controls with antd's look: the first screen downloads no antd at all (plain.tsx).
import { Button, LanguageButton, Notice, PasswordField, TextField } from './plain';

// 'Forgot password' is built with antd: it loads, with antd's configuration and locale, when the link is followed.
const ForgotPassword = lazy(withAntdLocale(() => import('./ForgotPasswordPanel')));

interface Props {
  variant: 'staff' | 'external';
  signIn: (loginCode: string, password: string) => Promise<LoginResult>;
}

type Field = 'LoginCode' | 'PassWord';

/** The required-field messages (the form is plain HTML: the first screen does without antd's Form and its validator). */
const problemOf = (field: Field, value: string) =>
  field === 'LoginCode' ? (value.trim() ? '' : 'login.loginCodeRequired') : value ? '' : 'login.passwordRequired';

/** The sign-in card shared by /login, /ahrLogin (staff) and /login2 (external users). */
export default function LoginScreen({ variant, signIn }: Props) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [values, setValues] = useState<Record<Field, string>>({ LoginCode: '', PassWord: '' });
  // a field's message shows once a submit was tried, then follows the typing (as antd's Form does)
  const [checked, setChecked] = useState(false);
  // 'forgot password' replaces the form inside the card; notice is shown after a reset
  const [forgot, setForgot] = useState(false);
  const [notice, setNotice] = useState('');
  const external = variant === 'external';
  const problems = {
    LoginCode: checked ? problemOf('LoginCode', values.LoginCode) : '',
    PassWord: checked ? problemOf('PassWord', values.PassWord) : '',
  } as const;

  const change = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    const { LoginCode, PassWord } = values;
    if (problemOf('LoginCode', LoginCode) || problemOf('PassWord', PassWord)) return;
    setBusy(true);
    setError('');
    try {
      saveLogin(await signIn(LoginCode.trim(), PassWord));
      navigate('/gateway', { replace: true });
    } catch (e) {
      setError((e as ApiError).message);
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.lang}>
        <LanguageButton />
      </div>
      <main className={styles.card}>
        <div className={styles.head}>
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <h1 className={styles.title}>{external ? t('login.externalTitle') : t('login.title')}</h1>
          <p className={styles.subtitle}>{external ? t('login.externalSubtitle') : t('login.subtitle')}</p>
        </div>
        {forgot ? (
          <Suspense fallback={<PageLoading />}>
            <ForgotPassword
              initialLoginCode={values.LoginCode.trim()}
              onDone={(done) => {
                setForgot(false);
                setError('');
                setNotice(done ? t('login.forgot.done') : '');
                if (done) setValues((v) => ({ ...v, PassWord: '' }));
              }}
            />
          </Suspense>
        ) : (
          <>
            {notice && (
              <Notice kind="success" testId="login-notice">
                {notice}
              </Notice>
            )}
            {error && (
              <Notice kind="error" testId="login-error">
                {error}
              </Notice>
            )}
            <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
              <div className={styles.item}>
                <label htmlFor="login-code" className={styles.label}>
                  {t('login.loginCode')}
                </label>
                <TextField
                  id="login-code"
                  value={values.LoginCode}
                  onChange={change('LoginCode')}
                  disabled={busy}
                  invalid={!!problems.LoginCode}
                  describedBy={problems.LoginCode ? 'login-code-help' : undefined}
                  prefix={UserOutlined}
                  placeholder={t('login.loginCodePlaceholder')}
                  autoComplete="username"
                  autoFocus
                  testId="login-code"
                />
                {problems.LoginCode && (
                  <div id="login-code-help" className={styles.error} role="alert">
                    {t(problems.LoginCode)}
                  </div>
                )}
              </div>
              <div className={styles.item}>
                <label htmlFor="login-password" className={styles.label}>
                  {t('login.password')}
                </label>
                <PasswordField
                  id="login-password"
                  value={values.PassWord}
                  onChange={change('PassWord')}
                  disabled={busy}
                  invalid={!!problems.PassWord}
                  describedBy={problems.PassWord ? 'login-password-help' : undefined}
                  prefix={LockOutlined}
                  placeholder={t('login.passwordPlaceholder')}
                  autoComplete="current-password"
                  testId="login-password"
                />
                {problems.PassWord && (
                  <div id="login-password-help" className={styles.error} role="alert">
                    {t(problems.PassWord)}
                  </div>
                )}
              </div>
              <Button kind="primary" submit block loading={busy} testId="login-submit">
                {t('login.submit')}
              </Button>
            </form>
            <div className={styles.switch}>
              <Button kind="link" onClick={() => setForgot(true)} testId="login-forgot">
                {t('login.forgot.link')}
              </Button>
              <Link to={external ? '/login' : '/login2'}>{external ? t('login.staffLink') : t('login.externalLink')}</Link>
            </div>
          </>
        )}
      </main>
      <footer className={styles.foot}>
        {t('app.name')} · {t('app.tagline')}
      </footer>
    </div>
  );
}
