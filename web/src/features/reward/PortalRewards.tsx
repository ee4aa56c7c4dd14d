import { useCallback, useEffect, useState } from 'react';
import { Button, Card, DatePicker, Drawer, Form, Input, List, Select, Space, Switch, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../api/client';
import { portalSearch } from '../../api/portal';
import {
  applyForReward,
  CERT_KIND_DICT,
  CERT_LEVEL_DICT,
  myApplications,
  myCertificates,
  type MyCertificate,
  type RewardApplication,
} from '../../api/reward';
import { DictLabel } from '../../components/DictSelect';
import FileUpload, { fileIds, type FileItem } from '../../components/upload/FileUpload';
import { useI18n } from '../../i18n';
import { RewardStateTag } from './RewardAuditPage';

/** The route query parameter that opens the drawer (the reward messages lead to /gatewayMsg?reward=id). */
export const REWARD_PARAM = 'reward';

interface Values {
  cert: string;
  tenderId: number;
  bidDate: Dayjs;
  won?: boolean;
  remark?: string;
  files?: FileItem[];
}

const certKey = (c: MyCertificate) => `${c.expertId}|${c.number}`;

/** A select of the published tenders the portal shows, searched by keyword. */
function TenderSelect({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  const { t } = useI18n();
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const search = useCallback((keywords: string) => {
    portalSearch({ type: 'tender', keywords, limit: '20' }, { silent: true }).then(
      (r) => setOptions((r?.records ?? []).map((h) => ({ value: h.id, label: `${h.title}${h.unitName ? ` · ${h.unitName}` : ''}` }))),
      () => undefined,
    );
  }, []);
  useEffect(() => search(''), [search]);
  return (
    <Select
      showSearch
      filterOption={false}
      value={value}
      onChange={onChange}
      onSearch={search}
      options={options}
      placeholder={t('reward.portal.tenderHint')}
      data-testid="reward-apply-tender"
    />
  );
}

/**
 * The application form: one's certificate (its kind and level shown as the library records them: the server derives
 * them and pays by them), the tender, the bid date and result, evidence.
 */
function ApplyForm({ certs, onDone }: { certs: MyCertificate[]; onDone(): void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const certValue = Form.useWatch('cert', form);
  const chosen = certs.find((c) => certKey(c) === certValue);
  const save = () =>
    form.validateFields().then(
      (v) => {
        const cert = certs.find((c) => certKey(c) === v.cert);
        if (!cert) return;
        setSaving(true);
        applyForReward({
          expertId: cert.expertId,
          certNumber: cert.number,
          tenderId: v.tenderId,
          bidDate: v.bidDate.format('YYYY-MM-DD'),
          won: !!v.won,
          remark: (v.remark ?? '').trim(),
          fileIds: fileIds(v.files),
        })
          .then(
            () => {
              toast('success', t('msg.operationSuccessful'));
              form.resetFields();
              onDone();
            },
            () => undefined,
          )
          .finally(() => setSaving(false));
      },
      () => undefined,
    );
  return (
    <Form form={form} layout="vertical" data-testid="reward-apply-form">
      <Form.Item name="cert" label={t('reward.certificate')} rules={[{ required: true, message: t('reward.portal.certRequired') }]}>
        <Select
          options={certs.map((c) => ({ value: certKey(c), label: `${c.name} · ${c.number}` }))}
          data-testid="reward-apply-cert"
          placeholder={t('reward.portal.certRequired')}
        />
      </Form.Item>
      {chosen && (
        <Space wrap>
          <Form.Item label={t('reward.certKind')}>
            <span data-testid="reward-apply-kind">
              {chosen.certKind && chosen.certLevel ? (
                <>
                  <DictLabel dictKey={CERT_KIND_DICT} value={chosen.certKind} /> / <DictLabel dictKey={CERT_LEVEL_DICT} value={chosen.certLevel} />
                </>
              ) : (
                <Typography.Text type="warning">{t('reward.portal.kindUnknown')}</Typography.Text>
              )}
            </span>
          </Form.Item>
        </Space>
      )}
      <Form.Item name="tenderId" label={t('reward.tender')} rules={[{ required: true, message: t('reward.portal.tenderHint') }]}>
        <TenderSelect />
      </Form.Item>
      <Space wrap>
        <Form.Item name="bidDate" label={t('reward.bidDate')} rules={[{ required: true, message: t('reward.bidDate') }]}>
          <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} data-testid="reward-apply-date" />
        </Form.Item>
        <Form.Item name="won" label={t('reward.won')} valuePropName="checked">
          <Switch data-testid="reward-apply-won" />
        </Form.Item>
      </Space>
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

/**
 * The applicant's side of the certificate rewards on /gatewayMsg: shown to whoever has a certificate in the library
 * or an application; the drawer (`?reward=`) lists the applications with their state and amount and holds the form.
 */
export default function PortalRewards() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const open = search.has(REWARD_PARAM);
  const [certs, setCerts] = useState<MyCertificate[]>([]);
  const [apps, setApps] = useState<RewardApplication[]>([]);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    myCertificates({ silent: true }).then((c) => live && setCerts(c ?? []), () => undefined);
    myApplications({ limit: '50' }, { silent: true }).then((p) => live && setApps(p?.records ?? []), () => undefined);
    return () => {
      live = false;
    };
  }, [tick]);
  const show = (on: boolean) =>
    setSearch((q) => {
      const out = new URLSearchParams(q);
      if (on) out.set(REWARD_PARAM, '1');
      else out.delete(REWARD_PARAM);
      return out;
    });
  if (!certs.length && !apps.length && !open) return null;
  return (
    <>
      <Card size="small" style={{ marginBottom: 16 }} data-testid="reward-portal">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Typography.Text>
            <TrophyOutlined /> {t('reward.portal.title')}
            {apps.length > 0 && <Typography.Text type="secondary"> · {t('reward.portal.count', { n: apps.length })}</Typography.Text>}
          </Typography.Text>
          <Button size="small" type="primary" onClick={() => show(true)} data-testid="reward-portal-open">
            {t('reward.portal.open')}
          </Button>
        </Space>
      </Card>
      <Drawer open={open} onClose={() => show(false)} width="min(720px, 96vw)" title={t('reward.portal.title')} data-testid="reward-drawer" destroyOnHidden>
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {apps.length > 0 && (
            <Card size="small" title={t('reward.portal.mine')}>
              <List
                dataSource={apps}
                renderItem={(a) => (
                  <List.Item data-testid={`reward-mine-${a.id}`}>
                    <List.Item.Meta
                      title={
                        <Space wrap>
                          <RewardStateTag state={a.state} />
                          <span>
                            {a.certName} · {a.tenderTitle}
                          </span>
                        </Space>
                      }
                      description={
                        <Space wrap>
                          <span>{a.bidDate}</span>
                          {a.state === 'approved' && <span>{t('reward.portal.paid', { amount: a.amount })}</span>}
                          {a.reason && <Typography.Text type="danger">{a.reason}</Typography.Text>}
                        </Space>
                      }
                    />
                  </List.Item>
                )}
              />
            </Card>
          )}
          {certs.length > 0 ? (
            <Card size="small" title={t('reward.portal.apply')}>
              <ApplyForm certs={certs} onDone={() => setTick((n) => n + 1)} />
            </Card>
          ) : (
            <Typography.Text type="secondary">{t('reward.portal.noCert')}</Typography.Text>
          )}
        </Space>
      </Drawer>
    </>
  );
}
