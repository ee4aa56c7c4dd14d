import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { forestPwd, getVerify } from '../../api/auth';
import type { ApiError } from '../../api/client';
import { useI18n, type MessageKey } from '../../i18n';
import { isValidPassword, PASSWORD_MAX } from '../../lib/validate';
import styles from './login.module.css';

type Field = 'LoginCode' | 'verifyCode' | 'newPassword' | 'replacePassword';
type Values = Record<Field, string>;

/** The field rules of the two steps (the server checks them again, with the deny list on top). */
export function forgotProblem(field: Field, v: Values): MessageKey | '' {
  switch (field) {
    case 'LoginCode':
      return v.LoginCode.trim() ? '' : 'login.loginCodeRequired';
    case 'verifyCode':
      return /^\d{6}$/.test(v.verifyCode.trim()) ? '' : v.verifyCode.trim() ? 'login.forgot.codeFormat' : 'login.forgot.codeRequired';
    case 'newPassword':
      return !v.newPassword ? 'login.forgot.newRequired' : isValidPassword(v.newPassword) ? '' : 'login.forgot.rule';
    case 'replacePassword':
      return !v.replacePassword ? 'login.forgot.repeatRequired' : v.replacePassword === v.newPassword ? '' : 'login.forgot.mismatch';
  }
}

export interface ForgotPasswordProps {
  /** back to the sign-in form; done is true after a successful reset */
  onDone: (done: boolean) => void;
  initialLoginCode?: string;
}

/**
 * 'Forgot password' in two steps: ask for a code for the login code (POST /api/getVerify), then set a new password
 * with it (PUT /api/forestPwd). Plain labelled inputs, Enter submits each step, focus moves to the next field.
 */
export default function ForgotPassword({ onDone, initialLoginCode = '' }: ForgotPasswordProps) {
  const { t } = useI18n();
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState<Values>({ LoginCode: initialLoginCode, verifyCode: '', newPassword: '', replacePassword: '' });
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [wait, setWait] = useState(0);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);
  useEffect(() => {
    if (step === 2) codeRef.current?.focus();
  }, [step]);

  const fields: Field[] = step === 1 ? ['LoginCode'] : ['verifyCode', 'newPassword', 'replacePassword'];
  const problem = (f: Field) => (checked ? forgotProblem(f, values) : '');
  const change = (f: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));

  const send = async () => {
    setBusy(true);
    setError('');
    try {
      const r = await getVerify(values.LoginCode.trim(), { silent: true });
      setWait(r?.resendIn ?? 60);
      setChecked(false);
      setStep(2);
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (fields.some((f) => forgotProblem(f, values))) return;
    if (step === 1) return send();
    setBusy(true);
    setError('');
    try {
      await forestPwd(
        { LoginCode: values.LoginCode.trim(), verifyCode: values.verifyCode.trim(), newPassword: values.newPassword, replacePassword: values.replacePassword },
        { silent: true },
      );
      onDone(true);
    } catch (e) {
      setError((e as ApiError).message);
      setBusy(false);
    }
  };

  const item = (f: Field, label: MessageKey, input: React.ReactNode) => (
    <div className={styles.item} key={f}>
      <label htmlFor={`forgot-${f}`} className={styles.label}>
        {t(label)}
      </label>
      {input}
      {problem(f) && (
        <div id={`forgot-${f}-help`} className={styles.error} role="alert">
          {t(problem(f) as MessageKey)}
        </div>
      )}
    </div>
  );
  const aria = (f: Field) => ({
    id: `forgot-${f}`,
    'aria-invalid': !!problem(f),
    'aria-describedby': problem(f) ? `forgot-${f}-help` : undefined,
    status: problem(f) ? ('error' as const) : undefined,
    disabled: busy,
    size: 'large' as const,
    value: values[f],
    onChange: change(f),
    'data-testid': `forgot-${f}`,
  });

  return (
    <section aria-labelledby="forgot-title">
      <h2 id="forgot-title" className={styles.subtitle} style={{ textAlign: 'center', marginBottom: 16 }}>
        {step === 1 ? t('login.forgot.step1') : t('login.forgot.step2')}
      </h2>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" data-testid="forgot-error" />}
      {step === 2 && (
        <Alert type="info" showIcon title={t('login.forgot.sent')} style={{ marginBottom: 16 }} data-testid="forgot-sent" />
      )}
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {step === 1 &&
          item('LoginCode', 'login.loginCode', (
            <Input {...aria('LoginCode')} prefix={<UserOutlined />} placeholder={t('login.loginCodePlaceholder')} autoComplete="username" autoFocus />
          ))}
        {step === 2 && (
          <>
            {item('verifyCode', 'login.forgot.code', (
              <Input
                {...aria('verifyCode')}
                ref={(el) => {
                  codeRef.current = el?.input ?? null;
                }}
                prefix={<SafetyOutlined />}
                placeholder={t('login.forgot.codePlaceholder')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                suffix={
                  <Button type="link" size="small" disabled={busy || wait > 0} onClick={() => void send()} data-testid="forgot-resend">
                    {wait > 0 ? t('login.forgot.resendIn', { n: wait }) : t('login.forgot.resend')}
                  </Button>
                }
              />
            ))}
            {item('newPassword', 'login.forgot.new', (
              <Password {...aria('newPassword')} prefix={<LockOutlined />} maxLength={PASSWORD_MAX} placeholder={t('login.forgot.hint')} autoComplete="new-password" />
            ))}
            {item('replacePassword', 'login.forgot.repeat', (
              <Password {...aria('replacePassword')} prefix={<LockOutlined />} maxLength={PASSWORD_MAX} autoComplete="new-password" />
            ))}
          </>
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="forgot-submit">
          {step === 1 ? t('login.forgot.send') : t('login.forgot.submit')}
        </Button>
      </form>
      <div className={styles.switch}>
        <Button type="link" onClick={() => onDone(false)} data-testid="forgot-back">
          {t('login.forgot.back')}
        </Button>
      </div>
    </section>
  );
}
