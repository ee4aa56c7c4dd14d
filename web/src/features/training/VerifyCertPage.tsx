/**
 * /verify/cert/<serial>: the public verification page a certificate's QR code opens (no sign-in, outside the shells).
 * It shows only whether the certificate is valid (or revoked, expired, unknown), its class and the holder's masked
 * name: the server answers nothing else.
 */
import { Card, Descriptions, Result, Skeleton } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { queryClient } from '../../api/queries';
import { t, useI18n } from '../../i18n';
import { useVerification } from './queries';

export default function VerifyCertPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Verify />
    </QueryClientProvider>
  );
}

function Verify() {
  useI18n();
  const serial = (useParams().serial ?? '').trim();
  const q = useVerification(serial);
  const v = q.data;
  let body;
  if (q.isLoading) body = <Skeleton active />;
  else if (q.isError) body = <Result status="warning" title={t('training.verify.failed')} subTitle={q.error.message} data-testid="verify-error" />;
  else if (!v?.found)
    body = <Result status="error" title={t('training.verify.unknown')} subTitle={t('training.verify.unknownHint', { serial })} data-testid="verify-unknown" />;
  else {
    const status = v.state === 'valid' ? 'success' : v.state === 'revoked' ? 'error' : 'warning';
    body = (
      <>
        <Result
          status={status}
          title={<span data-testid="verify-state">{t(`training.verify.${v.state === 'valid' ? 'valid' : v.state === 'revoked' ? 'revoked' : 'expired'}`)}</span>}
          data-testid="verify-result"
          style={{ padding: '16px 0' }}
        />
        <Descriptions column={1} bordered size="small" styles={{ label: { whiteSpace: 'nowrap', width: 96 } }}>
          <Descriptions.Item label={t('training.verify.serial')}>{v.serial}</Descriptions.Item>
          <Descriptions.Item label={t('training.verify.course')}>
            <span data-testid="verify-title">{v.title}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('training.verify.holder')}>
            <span data-testid="verify-holder">{v.holder}</span>
          </Descriptions.Item>
          {v.validUntil && <Descriptions.Item label={t('training.verify.validUntil')}>{v.validUntil}</Descriptions.Item>}
        </Descriptions>
      </>
    );
  }
  return (
    <div style={{ minHeight: '100vh', background: 'var(--bd-color-bg-layout)', display: 'flex', justifyContent: 'center', padding: '48px 16px' }}>
      <Card title={t('training.verify.title')} style={{ width: '100%', maxWidth: 560, alignSelf: 'flex-start' }} data-testid="verify-cert">
        {body}
      </Card>
    </div>
  );
}
