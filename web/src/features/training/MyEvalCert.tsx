/**
 * The learner's evaluations and certificates (the portal's /gatewayTraining and the phone page): the ended sessions
 * and classes to evaluate with the rating widget (the spec's five texts) and a comment, once each; my certificates
 * with the PDF and the public verification page.
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Modal, Result, Skeleton, Space, Tag, Typography, type ButtonProps } from 'antd';
import dayjs from 'dayjs';
import { clientEffects, toast } from '../../api/client';
import { shownByClient } from '../../api/hooks/useWrite';
import { H5_CERT_PDF, MY_CERT_PDF, type Certificate, type EvalTodo } from '../../api/training';
import { API_BASE } from '../../app/config';
import Rating from '../../components/form/Rating';
import { openExport } from '../../components/list/ExportButton';
import { t, useI18n } from '../../i18n';
import { CertState } from './ClassEvalCert';
import { useEvaluate, useMyCertificates, useMyEvaluations } from './queries';

type Where = 'portal' | 'h5';

const todoKey = (x: EvalTodo) => `${x.classId}-${x.sessionId}`;

export function MyEvaluations({ where }: { where: Where }) {
  useI18n();
  const q = useMyEvaluations(where);
  const send = useEvaluate(where);
  const [target, setTarget] = useState<EvalTodo | null>(null);
  const [course, setCourse] = useState(0);
  const [lecturer, setLecturer] = useState(0);
  const [comment, setComment] = useState('');
  if (q.isLoading) return <Skeleton active />;
  if (q.isError) return <Result status="info" title={q.error.message} />;
  const list = q.data ?? [];
  const open = (x: EvalTodo) => {
    setTarget(x);
    setCourse(0);
    setLecturer(0);
    setComment('');
  };
  const needsLecturer = !!target && target.sessionId > 0 && target.hasLecturer;
  const ready = course > 0 && (!needsLecturer || lecturer > 0);
  return (
    <div data-testid="my-evaluations">
      {!list.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.my.noEvaluations')} />}
      {list.map((x) => (
        <Card key={todoKey(x)} size="small" style={{ marginBottom: 12 }} data-testid={`my-eval-${todoKey(x)}`}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{x.sessionId ? x.title : t('training.my.wholeClass', { name: x.className })}</Typography.Text>
              <Typography.Text type="secondary">
                {[x.sessionId ? x.className : '', x.lecturerName, t('training.my.endedAt', { at: dayjs(x.endedAt).format('YYYY-MM-DD HH:mm') })].filter(Boolean).join(' · ')}
              </Typography.Text>
            </Space>
            {x.done ? (
              <Tag color="green" data-testid={`my-eval-done-${todoKey(x)}`}>
                {t('training.my.evaluated')}
              </Tag>
            ) : (
              <Button type="primary" onClick={() => open(x)} data-testid={`my-eval-open-${todoKey(x)}`}>
                {t('training.my.evaluate')}
              </Button>
            )}
          </Space>
        </Card>
      ))}
      <Modal
        open={!!target}
        title={target ? t('training.my.evaluateTitle', { name: target.sessionId ? target.title : target.className }) : ''}
        onCancel={() => setTarget(null)}
        okText={t('training.my.submitEvaluation')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !ready, loading: send.isPending, 'data-testid': 'my-eval-ok' } as ButtonProps}
        onOk={() =>
          target &&
          void send
            .mutateAsync({ classId: target.classId, sessionId: target.sessionId, courseStars: course, lecturerStars: lecturer, comment: comment.trim() })
            .then(() => {
              toast('success', t('training.my.thanks'));
              setTarget(null);
            }, shownByClient)
        }
        width={where === 'h5' ? 360 : 520}
      >
        <Alert type="info" showIcon message={t('training.my.anonymousHint')} style={{ marginBottom: 12 }} />
        <Form layout="vertical">
          <Form.Item label={t('training.my.rateCourse')} required>
            <Rating value={course} onChange={setCourse} testId="my-eval-course" />
          </Form.Item>
          {(needsLecturer || (target?.sessionId === 0)) && (
            <Form.Item label={t('training.my.rateLecturer')} required={needsLecturer}>
              <Rating value={lecturer} onChange={setLecturer} testId="my-eval-lecturer" />
            </Form.Item>
          )}
          <Form.Item label={t('training.my.comment')}>
            <Input.TextArea value={comment} onChange={(e) => setComment(e.target.value)} maxLength={500} rows={3} showCount data-testid="my-eval-comment" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

/** The phone page's PDF: asked with the h5Token header, then saved from memory. */
async function downloadH5(c: Certificate) {
  const token = clientEffects().getH5Token();
  const res = await fetch(`${API_BASE}${H5_CERT_PDF}?id=${c.id}`, { headers: token ? { h5Token: token } : {} });
  if (!res.ok || !res.headers.get('Content-Type')?.startsWith('application/pdf')) throw new Error(t('training.my.pdfFailed'));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${c.serial}.pdf`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function failed(e: unknown) {
  toast('error', e instanceof Error && e.message ? e.message : t('training.my.pdfFailed'));
}

export function MyCertificates({ where }: { where: Where }) {
  useI18n();
  const q = useMyCertificates(where);
  if (q.isLoading) return <Skeleton active />;
  if (q.isError) return <Result status="info" title={q.error.message} />;
  const list = q.data ?? [];
  return (
    <div data-testid="my-certificates">
      {!list.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.my.noCertificates')} />}
      {list.map((c) => (
        <Card key={c.id} size="small" style={{ marginBottom: 12 }} data-testid={`my-cert-${c.serial}`}>
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
              <Typography.Text strong>{c.title}</Typography.Text>
              <CertState state={c.state} />
            </Space>
            <Typography.Text type="secondary">
              {t('training.my.certSerial', { serial: c.serial })} · {t('training.my.certIssued', { at: c.issuedOn })}
              {c.validUntil ? ` · ${t('training.cert.until', { at: c.validUntil })}` : ''}
            </Typography.Text>
            {c.state === 'revoked' && c.revokeReason && <Alert type="warning" showIcon message={t('training.my.revokedBecause', { reason: c.revokeReason })} />}
            <Space wrap>
              <Button
                onClick={() => void (where === 'h5' ? downloadH5(c).catch(failed) : openExport(MY_CERT_PDF, { id: String(c.id) }).catch(shownByClient))}
                data-testid={`my-cert-pdf-${c.serial}`}
              >
                {t('training.my.downloadPdf')}
              </Button>
              <Button type="link" href={`/verify/cert/${c.serial}`} target="_blank" data-testid={`my-cert-verify-${c.serial}`}>
                {t('training.cert.verify')}
              </Button>
            </Space>
          </Space>
        </Card>
      ))}
    </div>
  );
}
