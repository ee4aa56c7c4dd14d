/**
 * The sign-in QR screen, for a projector: the session's current code as a large QR (the phone page's address on this
 * site), asked of the server again whenever it changes (every 15 s), with a countdown and the count signed in. It
 * loads with its QR library only when opened.
 */
import { useEffect, useMemo, useState } from 'react';
import { QR_COLOURS } from '../../app/theme';
import { Alert, Button, Modal, Progress, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import qrcode from 'qrcode-generator';
import dayjs from 'dayjs';
import { signInCode } from '../../api/training';
import { t, useI18n } from '../../i18n';
import { trainingKeys } from './queries';
import styles from './training.module.css';

const STEP_MS = 15_000;

/** The QR of text as SVG path data (dark modules), drawn by React (no HTML injected). */
function QrSvg({ text }: { text: string }) {
  const { d, n } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const size = qr.getModuleCount();
    let path = '';
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (qr.isDark(r, c)) path += `M${c + 2} ${r + 2}h1v1h-1z`;
    return { d: path, n: size + 4 };
  }, [text]);
  return (
    <svg viewBox={`0 0 ${n} ${n}`} className={styles.qrImage} role="img" aria-label={t('training.qr.alt')} shapeRendering="crispEdges">
      <rect width={n} height={n} fill={QR_COLOURS.ground} />
      <path d={d} fill={QR_COLOURS.modules} />
    </svg>
  );
}

export default function QrScreen({ sessionId, className, title, onClose }: { sessionId: number; className: string; title: string; onClose(): void }) {
  useI18n();
  const [now, setNow] = useState(() => Date.now());
  const q = useQuery({
    queryKey: trainingKeys.code(sessionId),
    queryFn: () => signInCode(sessionId),
    gcTime: 0,
    // ask again just after the code changes (the server says when), never later than a step
    refetchInterval: (query) => {
      const at = query.state.data ? dayjs(query.state.data.changesAt).valueOf() - Date.now() : STEP_MS;
      return Math.min(STEP_MS, Math.max(300, at + 300));
    },
    refetchIntervalInBackground: true,
  });
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, []);
  const data = q.data;
  const url = data ? new URL(data.path, window.location.origin).toString() : '';
  const left = data ? Math.max(0, Math.ceil((dayjs(data.changesAt).valueOf() - now) / 1000)) : 0;
  return (
    <Modal open onCancel={onClose} footer={null} width="min(96vw, 900px)" centered destroyOnHidden title={null} data-testid="qr-screen">
      <div className={styles.qrStage} data-qr-url={url} data-testid="qr-stage">
        <h2 className={styles.qrTitle}>{[className, title].filter(Boolean).join(' · ')}</h2>
        {q.isError && <Alert type="error" showIcon message={q.error.message} action={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>} />}
        {!data && !q.isError && <Spin size="large" />}
        {data && (
          <>
            {!data.open && (
              <Alert
                type="warning"
                showIcon
                message={t('training.qr.closed', { from: dayjs(data.opens).format('MM-DD HH:mm'), to: dayjs(data.closes).format('HH:mm') })}
                data-testid="qr-closed"
              />
            )}
            <QrSvg text={url} />
            <Typography.Text className={styles.qrCount} data-testid="qr-countdown">
              {t('training.qr.countdown', { n: left })}
            </Typography.Text>
            <Progress percent={(left / 15) * 100} showInfo={false} style={{ width: 'min(70vh, 560px)' }} />
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="qr-signed">
              {t('training.qr.signed', { n: data.signed, of: data.enrolled })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('training.qr.hint')}</Typography.Text>
          </>
        )}
      </div>
    </Modal>
  );
}
