import { useState, type FormEvent } from 'react';
import { Alert, Button } from 'antd';
// The two inputs themselves, not antd's Input with TextArea, Search and OTP attached: the first screen stays small.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { ApiError } from '../../api/client';
import type { LoginResult } from '../../api/types';
import LanguageSwitch from '../../components/LanguageSwitch';
import { useI18n } from '../../i18n';
import { saveLogin } from '../../lib/session';
import ForgotPassword from './ForgotPassword';
import styles from './login.module.css';

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

  const change = (field: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

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
        <LanguageSwitch />
      </div>
      <main className={styles.card}>
        <div className={styles.head}>
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <h1 className={styles.title}>{external ? t('login.externalTitle') : t('login.title')}</h1>
          <p className={styles.subtitle}>{external ? t('login.externalSubtitle') : t('login.subtitle')}</p>
        </div>
        {forgot ? (
          <ForgotPassword
            initialLoginCode={values.LoginCode.trim()}
            onDone={(done) => {
              setForgot(false);
              setError('');
              setNotice(done ? t('login.forgot.done') : '');
              if (done) setValues((v) => ({ ...v, PassWord: '' }));
            }}
          />
        ) : (
          <>
            {notice && <Alert type="success" showIcon title={notice} style={{ marginBottom: 16 }} role="status" data-testid="login-notice" />}
            {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" data-testid="login-error" />}
            <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
              <div className={styles.item}>
                <label htmlFor="login-code" className={styles.label}>
                  {t('login.loginCode')}
                </label>
                <Input
                  id="login-code"
                  size="large"
                  value={values.LoginCode}
                  onChange={change('LoginCode')}
                  disabled={busy}
                  status={problems.LoginCode ? 'error' : undefined}
                  aria-invalid={!!problems.LoginCode}
                  aria-describedby={problems.LoginCode ? 'login-code-help' : undefined}
                  prefix={<UserOutlined />}
                  placeholder={t('login.loginCodePlaceholder')}
                  autoComplete="username"
                  autoFocus
                  data-testid="login-code"
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
                <Password
                  id="login-password"
                  size="large"
                  value={values.PassWord}
                  onChange={change('PassWord')}
                  disabled={busy}
                  status={problems.PassWord ? 'error' : undefined}
                  aria-invalid={!!problems.PassWord}
                  aria-describedby={problems.PassWord ? 'login-password-help' : undefined}
                  prefix={<LockOutlined />}
                  placeholder={t('login.passwordPlaceholder')}
                  autoComplete="current-password"
                  data-testid="login-password"
                />
                {problems.PassWord && (
                  <div id="login-password-help" className={styles.error} role="alert">
                    {t(problems.PassWord)}
                  </div>
                )}
              </div>
              <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="login-submit">
                {t('login.submit')}
              </Button>
            </form>
            <div className={styles.switch}>
              <Button type="link" onClick={() => setForgot(true)} data-testid="login-forgot">
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
