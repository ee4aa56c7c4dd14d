/**
 * The sign-in screen's controls in plain HTML with the look and behaviour of the antd ones they replace (antd's large
 * Input and Password, Button, Alert, the text button of the language switch): the first screen downloads no antd
 * (React, the router and our code only). Styles: plain.module.css, the values of antd's tokens under our theme.
 */
import { createElement, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { useI18n } from '../../i18n';
import styles from './plain.module.css';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

// SVG attributes as React props ('fill-rule' → fillRule), as @ant-design/icons does.
const prop = (name: string) => (name === 'class' ? 'className' : name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()));

function svgNode(node: AbstractNode, key?: number): ReactNode {
  const attrs = Object.fromEntries(Object.entries(node.attrs).map(([k, v]) => [prop(k), v]));
  return createElement(node.tag, { key, ...attrs }, node.children?.map(svgNode));
}

/** An icon of @ant-design/icons-svg, drawn as @ant-design/icons draws it (1em, the text's colour). */
export function Icon({ icon, spin }: { icon: IconDefinition; spin?: boolean }) {
  const root = icon.icon as AbstractNode;
  return (
    <span role="img" aria-label={icon.name} className={cx(styles.icon, spin && styles.spin)}>
      <svg {...root.attrs} width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
        {root.children?.map(svgNode)}
      </svg>
    </span>
  );
}

interface FieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  prefix: IconDefinition;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  testId?: string;
}

/** antd's large Input with a prefix icon (clicking anywhere in the box focuses the input, as antd's does). */
export function TextField(props: FieldProps) {
  return <Field {...props} type="text" />;
}

/** antd's large Password: the eye shows and hides the password (a button: click, Enter or Space). */
export function PasswordField(props: FieldProps) {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  const toggle = () => !props.disabled && setVisible((v) => !v);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <span
          role="button"
          tabIndex={props.disabled ? -1 : 0}
          className={styles.eye}
          aria-disabled={!!props.disabled}
          aria-pressed={visible}
          aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
          // keep the focus and the caret in the input
          onMouseDown={(e) => e.preventDefault()}
          onMouseUp={(e) => e.preventDefault()}
          onClick={toggle}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' && e.key !== ' ') return;
            e.preventDefault();
            if (!e.repeat) toggle();
          }}
        >
          <Icon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
        </span>
      }
    />
  );
}

function Field({ id, value, onChange, prefix, invalid, describedBy, disabled, placeholder, autoComplete, autoFocus, testId, type, suffix }: FieldProps & { type: string; suffix?: ReactNode }) {
  const input = useRef<HTMLInputElement>(null);
  // React writes a controlled input's value into its `value` attribute too; antd's Password removes it so the page's
  // markup never holds the password, and so does this.
  useEffect(() => {
    if (input.current?.type === 'password') input.current.removeAttribute('value');
  });
  return (
    <span
      className={cx(styles.field, invalid && styles.fieldError, disabled && styles.fieldDisabled)}
      onClick={(e) => e.target !== input.current && input.current?.focus()}
    >
      <span className={styles.prefix}>
        <Icon icon={prefix} />
      </span>
      <input
        ref={input}
        id={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-invalid={!!invalid}
        aria-describedby={describedBy}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        data-testid={testId}
      />
      {suffix && <span className={styles.suffix}>{suffix}</span>}
    </span>
  );
}

interface ButtonProps {
  kind: 'primary' | 'link' | 'text';
  children: ReactNode;
  submit?: boolean;
  /** large and full width (the form's main button) */
  block?: boolean;
  loading?: boolean;
  icon?: IconDefinition;
  onClick?: () => void;
  testId?: string;
  ariaLabel?: string;
}

/** antd's Button in the three kinds the sign-in screen uses; while loading it shows antd's spinning icon and ignores clicks. */
export function Button({ kind, children, submit, block, loading, icon, onClick, testId, ariaLabel }: ButtonProps) {
  const shown = loading ? LoadingOutlined : icon;
  return (
    <button
      type={submit ? 'submit' : 'button'}
      className={cx(styles.btn, styles[kind], block && styles.block, loading && styles.loading)}
      onClick={(e) => {
        if (loading) e.preventDefault();
        else onClick?.();
      }}
      aria-label={ariaLabel}
      data-testid={testId}
    >
      {shown && (
        <span className={styles.btnIcon}>
          <Icon icon={shown} spin={loading} />
        </span>
      )}
      <span>{children}</span>
    </button>
  );
}

/** antd's Alert with its icon, success or error. */
export function Notice({ kind, children, testId }: { kind: 'success' | 'error'; children: ReactNode; testId?: string }) {
  return (
    <div className={cx(styles.alert, styles[kind])} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <span className={styles.alertIcon}>
        <Icon icon={kind === 'error' ? CloseCircleFilled : CheckCircleFilled} />
      </span>
      <div className={styles.alertText}>{children}</div>
    </div>
  );
}

/** The language switch of components/LanguageSwitch.tsx (antd's text button with a globe) for the sign-in screen. */
export function LanguageButton() {
  const { lang, setLang, t } = useI18n();
  return (
    <Button
      kind="text"
      icon={GlobalOutlined}
      testId="lang-switch"
      ariaLabel={`${t('header.language')}: ${t('header.switchTo')}`}
      onClick={() => void setLang(lang === 'en' ? 'zh-CN' : 'en')}
    >
      {t('header.switchTo')}
    </Button>
  );
}
