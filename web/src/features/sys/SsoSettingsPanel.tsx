import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Tag, Typography } from 'antd';
import { ssoTest, type SsoSettings, type SsoTestResult } from '../../api/auth';
import { useSsoSettings } from '../../api/hooks/sysconfig';
import { shownByClient } from '../../api/hooks/useWrite';
import { useI18n, type MessageKey } from '../../i18n';

/** Rows of the settings card: label key and value (masked secrets come masked from the server). */
const ROWS: [MessageKey, keyof SsoSettings][] = [
  ['ssoSettings.issuer', 'issuer'],
  ['ssoSettings.clientId', 'clientId'],
  ['ssoSettings.clientSecret', 'clientSecret'],
  ['ssoSettings.redirectUrl', 'redirectUrl'],
  ['ssoSettings.scopes', 'scopes'],
  ['ssoSettings.employeeClaim', 'employeeClaim'],
  ['ssoSettings.nameClaim', 'nameClaim'],
  ['ssoSettings.ticketUrl', 'ticketUrl'],
  ['ssoSettings.ticketEmployeeField', 'ticketEmployeeField'],
  ['ssoSettings.ticketNameField', 'ticketNameField'],
  ['ssoSettings.defaultRole', 'defaultRole'],
  ['ssoSettings.timeout', 'timeout'],
  ['ssoSettings.smsProvider', 'smsProvider'],
  ['ssoSettings.smsUrl', 'smsUrl'],
  ['ssoSettings.smsToken', 'smsToken'],
  ['ssoSettings.smsAccessKeyId', 'smsAccessKeyId'],
  ['ssoSettings.smsAccessKeySecret', 'smsAccessKeySecret'],
  ['ssoSettings.smsSignName', 'smsSignName'],
  ['ssoSettings.smsTemplate', 'smsTemplate'],
  ['ssoSettings.smsTemplateParams', 'smsTemplateParams'],
  ['ssoSettings.smsAppId', 'smsAppId'],
  ['ssoSettings.smtpAddr', 'smtpAddr'],
  ['ssoSettings.smtpTls', 'smtpTls'],
  ['ssoSettings.smtpAuth', 'smtpAuth'],
  ['ssoSettings.smtpPassword', 'smtpPassword'],
];

/** /sys_config's single sign-on tab: the settings of the config file (read-only) and a connection test. */
export default function SsoSettingsPanel() {
  const { t } = useI18n();
  const settings = useSsoSettings().data;
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<SsoTestResult>();

  const test = () => {
    setTesting(true);
    setResult(undefined);
    ssoTest()
      .then(setResult, shownByClient)
      .finally(() => setTesting(false));
  };

  const value = (v: unknown) =>
    v === '' || v === undefined || v === null ? <Typography.Text type="secondary">{t('sysConfig.emptyValue')}</Typography.Text> : String(v);

  return (
    <Card loading={!settings} data-testid="sso-settings">
      {settings && (
        <>
          <Alert type="info" showIcon title={t('ssoSettings.readOnly')} style={{ marginBottom: 16 }} />
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label={t('ssoSettings.mode')}>
              <Tag color={settings.mode === 'off' ? 'default' : 'blue'} data-testid="sso-settings-mode">
                {t(`ssoSettings.mode.${settings.mode}` as MessageKey)}
              </Tag>
            </Descriptions.Item>
            {ROWS.map(([label, key]) => (
              <Descriptions.Item key={key} label={t(label)}>
                <span data-testid={`sso-settings-${key}`}>{value(settings[key])}</span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('ssoSettings.createUsers')}>
              {t(settings.createUsers ? 'ssoSettings.create' : 'ssoSettings.refuse')}
            </Descriptions.Item>
            <Descriptions.Item label={t('ssoSettings.sender')}>
              {t('ssoSettings.bySms')}: {settings.sender}; {t('ssoSettings.byMail')}: {settings.mailer}
            </Descriptions.Item>
          </Descriptions>
          <div style={{ marginTop: 16, display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button type="primary" onClick={test} loading={testing} disabled={settings.mode === 'off'} data-testid="sso-test">
              {t('ssoSettings.test')}
            </Button>
            {result && (
              <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.detail} role="status" data-testid="sso-test-result" />
            )}
          </div>
        </>
      )}
    </Card>
  );
}
