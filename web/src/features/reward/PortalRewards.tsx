import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Descriptions, Drawer, Empty, Form, Input, List, Select, Space, Steps, Switch, Tag, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../api/client';
import { useApplyForReward, useMyRewards, useRewardTenders } from '../../api/hooks/reward';
import {
  type MyCertificate,
  type RewardApplication,
  type TenderOption,
} from '../../api/reward';
import { keepFormOpen } from '../../api/hooks/useWrite';
import FileUpload, { fileIds, type FileItem } from '../../components/upload/FileUpload';
import { t, useI18n, type MessageKey } from '../../i18n';
import { money } from './amount';
import { RewardStateTag } from './RewardAuditPage';

/** The route query parameter that opens the drawer (the reward messages lead to /gatewayMsg?reward=id). */
export const REWARD_PARAM = 'reward';

interface Values {
  cert: string;
  tenderId: number;
  bidDate?: Dayjs;
  won?: boolean;
  remark?: string;
  files?: FileItem[];
}

/** A certificate's key in the select: a training certificate by its id, a library qualification by expert and number. */
const certKey = (c: MyCertificate) => (c.source === 'training' ? `t|${c.trainingCertId}` : `${c.expertId}|${c.number}`);

/** The label of a bid result (dictionary bid_result), or that none is recorded. */
function resultLabel(result: string) {
  const known = ['win', 'lose', 'void', 'pending'];
  return t(`reward.portal.result.${known.includes(result) ? result : 'none'}` as MessageKey);
}

/**
 * The tenders the applicant may name: those of their unit line, searched on the server; for the chosen certificate
 * a tender claimed already, or without a rule on its bid date, is shown but cannot be chosen, with the reason.
 */
const NO_TENDERS: TenderOption[] = [];

function TenderSelect({ cert, value, onChange, onPicked }: { cert?: MyCertificate; value?: number; onChange?: (v: number) => void; onPicked(t?: TenderOption): void }) {
  const { t } = useI18n();
  const [keyword, setKeyword] = useState('');
  const found = useRewardTenders(cert, keyword);
  const options: TenderOption[] = found.data ?? NO_TENDERS;
  const loading = found.isFetching;
  const search = setKeyword;
  return (
    <Select
      showSearch
      filterOption={false}
      value={value}
      disabled={!cert}
      loading={loading}
      onChange={(v: number) => {
        onChange?.(v);
        onPicked(options.find((o) => o.id === v));
      }}
      onSearch={search}
      placeholder={cert ? t('reward.portal.tenderHint') : t('reward.portal.chooseCertFirst')}
      notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reward.portal.tenderNone')} />}
      optionLabelProp="title"
      options={options.map((o) => ({
        value: o.id,
        title: o.title,
        disabled: !o.selectable,
        label: (
          <div data-testid={`reward-tender-${o.id}`}>
            <div style={{ whiteSpace: 'normal' }}>{o.title}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
              {[o.unitLabel, o.bidDate, resultLabel(o.result)].filter(Boolean).join(' · ')}
              {o.reason && <span> · {o.reason}</span>}
            </Typography.Text>
          </div>
        ),
      }))}
      data-testid="reward-apply-tender"
    />
  );
}

const NO_APPS: RewardApplication[] = [];

/**
 * The application form: one's certificate (only those that can be claimed; the others say why), its kind and level
 * as the library records them, the tender (of one's unit line), whose bid date and result are filled from the tender
 * library, evidence.
 */
function ApplyForm({ certs }: { certs: MyCertificate[] }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const apply = useApplyForReward();
  const saving = apply.isPending;
  const [tender, setTender] = useState<TenderOption>();
  const certValue = Form.useWatch('cert', form);
  const chosen = certs.find((c) => certKey(c) === certValue);
  const save = () =>
    form.validateFields().then(
      (v) => {
        if (!chosen) return;
        apply.mutate(
          {
          ...(chosen.source === 'training' ? { trainingCertId: chosen.trainingCertId } : { expertId: chosen.expertId, certNumber: chosen.number }),
          tenderId: v.tenderId,
          bidDate: tender?.bidDate ? '' : (v.bidDate?.format('YYYY-MM-DD') ?? ''),
          won: tender?.result ? tender.won : !!v.won,
          remark: (v.remark ?? '').trim(),
            fileIds: fileIds(v.files),
          },
          {
            // the application invalidates the caller's applications: the card above shows it
            onSuccess: () => {
              toast('success', t('reward.portal.submitted'));
              form.resetFields();
              setTender(undefined);
            },
          },
        );
      },
      keepFormOpen,
    );
  return (
    <Form form={form} layout="vertical" data-testid="reward-apply-form">
      <Form.Item name="cert" label={t('reward.certificate')} rules={[{ required: true, message: t('reward.portal.certRequired') }]}>
        <Select
          data-testid="reward-apply-cert"
          placeholder={t('reward.portal.certRequired')}
          optionLabelProp="title"
          onChange={() => {
            form.setFieldValue('tenderId', undefined);
            setTender(undefined);
          }}
          options={certs.map((c) => ({
            value: certKey(c),
            title: `${c.name} · ${c.number}`,
            disabled: !c.usable,
            label: (
              <div data-testid={`reward-cert-${certKey(c)}`}>
                <div>
                  {c.source === 'training' && <Tag color="blue">{t('reward.portal.trainingCert')}</Tag>}
                  {c.name} · {c.number}
                </div>
                {c.reason && (
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                    {c.reason}
                  </Typography.Text>
                )}
              </div>
            ),
          }))}
        />
      </Form.Item>
      {chosen && (
        <Form.Item label={t('reward.certKind')}>
          <Space wrap data-testid="reward-apply-kind">
            <span>
              {chosen.kindLabel} / {chosen.levelLabel}
            </span>
            {chosen.source === 'training' && <Typography.Text type="secondary">{t('reward.portal.kindFromTraining')}</Typography.Text>}
            {chosen.ruleInForce ? <Tag color="green">{t('reward.portal.ruleInForce')}</Tag> : <Tag>{t('reward.portal.noRuleNow')}</Tag>}
          </Space>
        </Form.Item>
      )}
      <Form.Item name="tenderId" label={t('reward.tender')} rules={[{ required: true, message: t('reward.portal.tenderHint') }]}>
        <TenderSelect cert={chosen} onPicked={setTender} />
      </Form.Item>
      {tender && (
        <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="reward-apply-bid">
          <Descriptions.Item label={t('reward.bidDate')}>
            {tender.bidDate ? (
              <span data-testid="reward-apply-date-shown">{tender.bidDate}</span>
            ) : (
              <Form.Item name="bidDate" noStyle rules={[{ required: true, message: t('reward.portal.noDate') }]}>
                <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} data-testid="reward-apply-date" placeholder={t('reward.portal.noDate')} />
              </Form.Item>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('reward.result')}>
            {tender.result ? (
              <span data-testid="reward-apply-result">{resultLabel(tender.result)}</span>
            ) : (
              <Form.Item name="won" noStyle valuePropName="checked">
                <Switch data-testid="reward-apply-won" />
              </Form.Item>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('reward.unit')} span={2}>
            {tender.unitLabel}
          </Descriptions.Item>
        </Descriptions>
      )}
      {tender && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('reward.portal.fromTender')}
        </Typography.Paragraph>
      )}
      <Form.Item name="remark" label={t('reward.remark')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="files" label={t('reward.evidence')}>
        <FileUpload maxCount={10} testId="reward-apply-files" />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void save()} data-testid="reward-apply-submit">
        {t('reward.portal.apply')}
      </Button>
    </Form>
  );
}

/** Where an application stands in the approval flow (one or two levels), as steps. */
function Progress({ a, levels }: { a: RewardApplication; levels: number }) {
  const { t } = useI18n();
  const titles = levels === 1 && a.state !== 'unit_approved' ? ['reward.step.submit', 'reward.step.review', 'reward.step.paid'] : ['reward.step.submit', 'reward.step.unit', 'reward.step.centre', 'reward.step.paid'];
  const last = titles.length - 1;
  let current = 1;
  let status: 'process' | 'finish' | 'error' = 'process';
  if (a.state === 'unit_approved') current = 2;
  if (a.state === 'approved') [current, status] = [last, 'finish'];
  if (a.state === 'rejected') current = a.unitReviewerName && titles.length === 4 ? 2 : 1;
  if (a.state === 'rejected') status = 'error';
  return (
    <Steps
      size="small"
      progressDot
      current={current}
      status={status}
      items={titles.map((k) => ({ title: <span style={{ fontSize: 12 }}>{t(k as MessageKey)}</span> }))}
      style={{ marginTop: 8 }}
    />
  );
}

/** One's applications: where each stands, the next step and who takes it, the amount paid or the reason. */
function MyApplications({ apps, levels }: { apps: RewardApplication[]; levels: number }) {
  const { t } = useI18n();
  return (
    <List
      dataSource={apps}
      renderItem={(a) => (
        <List.Item data-testid={`reward-mine-${a.id}`}>
          <div style={{ width: '100%' }}>
            <Space wrap>
              <RewardStateTag state={a.state} />
              <Typography.Text strong>{a.certName}</Typography.Text>
              <span>{a.tenderTitle}</span>
            </Space>
            <div>
              <Typography.Text type="secondary">
                {a.bidDate} · {a.won ? t('reward.portal.result.win') : t('reward.portal.result.lose')}
              </Typography.Text>
              {a.state === 'approved' && (
                <Typography.Text strong style={{ marginLeft: 12, color: 'var(--bd-green-7)' }}>
                  {t('reward.portal.paid', { amount: money(a.amount) })}
                </Typography.Text>
              )}
            </div>
            {a.state === 'rejected' && a.reason && <Typography.Text type="danger">{t('reward.portal.rejectedBy', { reason: a.reason })}</Typography.Text>}
            {a.nextStep && (
              <div data-testid={`reward-next-${a.id}`}>
                <Typography.Text>{t('reward.portal.next', { step: a.nextStep })}</Typography.Text>
                {a.nextBy && <Typography.Text type="secondary"> · {t('reward.portal.nextBy', { names: a.nextBy })}</Typography.Text>}
              </div>
            )}
            <Progress a={a} levels={levels} />
          </div>
        </List.Item>
      )}
    />
  );
}

/**
 * The applicant's side of the certificate rewards on /gatewayMsg, for every internal account: a card with where
 * one's applications stand; the drawer (`?reward=`) says whether one can apply (and if not, why and whom to ask),
 * shows the approval flow, one's applications with their next steps, and the form.
 */
export default function PortalRewards() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const open = search.has(REWARD_PARAM);
  const mine = useMyRewards();
  const elig = mine.eligibility.data;
  const apps = mine.applications.data?.records ?? NO_APPS;
  const show = (on: boolean) =>
    setSearch((q) => {
      const out = new URLSearchParams(q);
      if (on) out.set(REWARD_PARAM, '1');
      else out.delete(REWARD_PARAM);
      return out;
    });
  if (!elig || elig.problems.some((p) => p.code === 'external')) return null;
  const paid = apps.filter((a) => a.state === 'approved').length;
  const pending = apps.filter((a) => a.state === 'submitted' || a.state === 'unit_approved').length;
  return (
    <>
      <Card size="small" style={{ marginBottom: 16 }} data-testid="reward-portal">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space wrap>
            <TrophyOutlined />
            <Typography.Text strong>{t('reward.portal.title')}</Typography.Text>
            <Typography.Text type="secondary">
              {apps.length > 0 ? t('reward.portal.summary', { paid, pending }) : elig.canApply ? t('reward.portal.none') : t('reward.portal.cannot')}
            </Typography.Text>
          </Space>
          <Button size="small" type="primary" onClick={() => show(true)} data-testid="reward-portal-open">
            {t('reward.portal.open')}
          </Button>
        </Space>
      </Card>
      <Drawer open={open} onClose={() => show(false)} width="min(760px, 96vw)" title={t('reward.portal.title')} data-testid="reward-drawer" destroyOnHidden>
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {elig.canApply ? (
            <Alert type="info" showIcon message={t('reward.portal.can')} description={elig.flow} data-testid="reward-can-apply" />
          ) : (
            <Alert
              type="warning"
              showIcon
              message={t('reward.portal.cannot')}
              data-testid="reward-cannot-apply"
              description={
                <ul style={{ paddingLeft: 18, margin: 0 }}>
                  {elig.problems.map((p) => (
                    <li key={p.code} data-testid={`reward-problem-${p.code}`}>
                      <div>{p.text}</div>
                      {p.todo && <Typography.Text type="secondary">{t('reward.portal.todo', { todo: p.todo })}</Typography.Text>}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          {elig.certificates.length > 0 && (
            <Card size="small" title={t('reward.portal.apply')}>
              <ApplyForm certs={elig.certificates} />
            </Card>
          )}
          {apps.length > 0 && (
            <Card size="small" title={t('reward.portal.mine')}>
              <MyApplications apps={apps} levels={elig.levels} />
            </Card>
          )}
        </Space>
      </Drawer>
    </>
  );
}
