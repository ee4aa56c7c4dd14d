import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { ApiError } from '../../api/client';
import type { LoginResult } from '../../api/types';
import LanguageSwitch from '../../components/LanguageSwitch';
import { useI18n } from '../../i18n';
import { saveLogin } from '../../lib/session';
import styles from './login.module.css';

interface Props {
  variant: 'staff' | 'external';
  signIn: (loginCode: string, password: string) => Promise<LoginResult>;
}

interface Values {
  LoginCode: string;
  PassWord: string;
}

/** The sign-in card shared by /login, /ahrLogin (staff) and /login2 (external users). */
export default function LoginScreen({ variant, signIn }: Props) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const external = variant === 'external';

  const submit = async ({ LoginCode, PassWord }: Values) => {
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
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" data-testid="login-error" />}
        <Form<Values> layout="vertical" requiredMark={false} onFinish={submit} disabled={busy} size="large">
          <Form.Item label={t('login.loginCode')} name="LoginCode" rules={[{ required: true, whitespace: true, message: t('login.loginCodeRequired') }]}>
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.loginCodePlaceholder')}
              autoComplete="username"
              autoFocus
              data-testid="login-code"
            />
          </Form.Item>
          <Form.Item label={t('login.password')} name="PassWord" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
        <div className={styles.switch}>
          <Link to={external ? '/login' : '/login2'}>{external ? t('login.staffLink') : t('login.externalLink')}</Link>
        </div>
      </main>
      <footer className={styles.foot}>
        {t('app.name')} · {t('app.tagline')}
      </footer>
    </div>
  );
}
