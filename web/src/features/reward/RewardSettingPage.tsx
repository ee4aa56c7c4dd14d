import { useState } from 'react';
import { Alert, Card, Col, DatePicker, Form, Input, Radio, Row, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import { addRule, CERT_KIND_DICT, CERT_LEVEL_DICT, listRules, type RewardRule } from '../../api/reward';
import { rewardKeys, useDeleteRewardRule, useRewardSettings, useSaveRewardSettings } from '../../api/hooks/reward';
import { shownByClient } from '../../api/hooks/useWrite';
import DictSelect, { DictLabel } from '../../components/DictSelect';
import FormModal from '../../components/form/FormModal';
import ListView from '../../components/list/ListView';
import { IconAction } from '../../components/list/RowActions';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useConfirmDanger } from '../../components/list/guards';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { AMOUNT_RE } from './amount';

const dictFilter = (name: string, dict: string, labelKey: 'reward.certKind' | 'reward.certLevel'): SearchField => ({
  names: [name],
  labelKey,
  kind: 'custom',
  render: (p) => <DictSelect dictKey={dict} value={p.value} onChange={(v) => p.onChange(v == null ? undefined : String(v))} placeholder={t('list.all')} />,
});

const fields: SearchField[] = [dictFilter('certKind', CERT_KIND_DICT, 'reward.certKind'), dictFilter('certLevel', CERT_LEVEL_DICT, 'reward.certLevel')];

interface Values {
  certKind: string;
  certLevel: string;
  amount: string;
  wonAmount?: string;
  yearlyCap?: string;
  validFrom: Dayjs | null;
  validTo?: Dayjs | null;
  remark?: string;
}

const amountRule = { pattern: AMOUNT_RE, message: t('reward.amountBad') };

/** A new version of a rule: kind and level, amounts, the period from which it applies. */
function RuleDialog({ open, onClose, onSaved, from }: { open: boolean; onClose(): void; onSaved(): void; from?: RewardRule }) {
  const [form] = Form.useForm<Values>();
  const target = open ? { from } : null;
  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t('reward.addVersion')}
      values={() => ({ certKind: from?.certKind, certLevel: from?.certLevel, amount: from?.amount ?? '', wonAmount: from?.wonAmount ?? '', yearlyCap: from?.yearlyCap ?? '' })}
      save={(v) =>
        addRule({
          certKind: v.certKind,
          certLevel: v.certLevel,
          amount: v.amount.trim(),
          wonAmount: (v.wonAmount ?? '').trim(),
          yearlyCap: (v.yearlyCap ?? '').trim(),
          validFrom: v.validFrom?.format('YYYY-MM-DD') ?? '',
          validTo: v.validTo?.format('YYYY-MM-DD') ?? '',
          remark: (v.remark ?? '').trim(),
        })
      }
      onClose={onClose}
      onSaved={onSaved}
      width={640}
      okTestId="reward-rule-ok"
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="certKind" label={t('reward.certKind')} rules={[{ required: true, message: t('reward.certKind') }]}>
            <DictSelect dictKey={CERT_KIND_DICT} testId="reward-rule-kind" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="certLevel" label={t('reward.certLevel')} rules={[{ required: true, message: t('reward.certLevel') }]}>
            <DictSelect dictKey={CERT_LEVEL_DICT} testId="reward-rule-level" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="amount" label={t('reward.amount')} rules={[{ required: true, message: t('reward.amountBad') }, amountRule]}>
            <Input addonAfter={t('reward.yuan')} inputMode="decimal" data-testid="reward-rule-amount" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="wonAmount" label={t('reward.wonAmount')} rules={[amountRule]}>
            <Input addonAfter={t('reward.yuan')} inputMode="decimal" data-testid="reward-rule-won" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="yearlyCap" label={t('reward.yearlyCap')} rules={[amountRule]} extra={t('reward.noCapHint')}>
            <Input addonAfter={t('reward.yuan')} inputMode="decimal" data-testid="reward-rule-cap" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="validFrom" label={t('reward.validFrom')} extra={t('reward.periodHint')} rules={[{ required: true, message: t('reward.fromRequired') }]}>
            <DatePicker style={{ width: '100%' }} data-testid="reward-rule-from" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="validTo"
            label={t('reward.validTo')}
            dependencies={['validFrom']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v?: Dayjs | null) => {
                  const from = getFieldValue('validFrom') as Dayjs | null | undefined;
                  return !v || !from || !v.isBefore(from, 'day') ? Promise.resolve() : Promise.reject(new Error(t('reward.periodBad')));
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} placeholder={t('reward.open')} data-testid="reward-rule-to" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remark" label={t('reward.remark')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}

/** The approval levels: the unit reviewer alone, or the unit reviewer and then the bid centre. */
function LevelsCard() {
  const stored = useRewardSettings().data?.levels;
  const levels = stored === undefined ? undefined : stored === 1 ? 1 : 2;
  const save = useSaveRewardSettings();
  return (
    <Card size="small" title={t('reward.levels')} style={{ marginBottom: 16 }}>
      <Radio.Group
        value={levels}
        data-testid="reward-levels"
        onChange={(e) => {
          const v = e.target.value as 1 | 2;
          save.mutate(v, { onSuccess: () => toast('success', t('msg.operationSuccessful')) });
        }}
        options={[
          { value: 1, label: t('reward.levels.1') },
          { value: 2, label: t('reward.levels.2') },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('reward.levels.hint')}
      </Typography.Paragraph>
    </Card>
  );
}

/** /useCertificateRewardSetting: the approval levels and the rules, every version; a change is a new version. */
export default function RewardSettingPage() {
  useI18n();
  const list = useList<RewardRule>(fields, listRules, { key: rewardKeys.list('rules') });
  const removeRule = useDeleteRewardRule();
  const [adding, setAdding] = useState<{ from?: RewardRule } | null>(null);
  const { confirmDanger, holder } = useConfirmDanger();
  const columns: ListColumn<RewardRule>[] = [
    { titleKey: 'reward.certKind', dataIndex: 'certKind', sortKey: 'kind', render: (v: string) => <DictLabel dictKey={CERT_KIND_DICT} value={v} /> },
    { titleKey: 'reward.certLevel', dataIndex: 'certLevel', render: (v: string) => <DictLabel dictKey={CERT_LEVEL_DICT} value={v} /> },
    { titleKey: 'reward.version', dataIndex: 'version', render: (v: number, r) => <Space>v{v}{r.inForce && <Tag color="green">{t('reward.inForce')}</Tag>}</Space> },
    { titleKey: 'reward.amount', dataIndex: 'amount' },
    { titleKey: 'reward.wonAmount', dataIndex: 'wonAmount' },
    { titleKey: 'reward.yearlyCap', dataIndex: 'yearlyCap' },
    {
      titleKey: 'reward.period',
      key: 'period',
      sortKey: 'validFrom',
      // from over to: the column stays narrow, both dates whole
      render: (_: unknown, r) => (
        <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
          <span>{r.validFrom} ~</span>
          <span>{r.validTo || t('reward.open')}</span>
        </Space>
      ),
    },
    { titleKey: 'reward.remark', dataIndex: 'remark', clip: 120 },
    {
      titleKey: 'reward.createdAt',
      dataIndex: 'createdAt',
      render: (v: string, r) => (
        <Space direction="vertical" size={0}>
          <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span>
          <Typography.Text type="secondary">{r.createdByName}</Typography.Text>
        </Space>
      ),
    },
    {
      titleKey: 'list.actions',
      key: 'actions',
      render: (_: unknown, r) => (
        <Space size={0}>
          <IconAction label={t('reward.nextVersion')} icon={<CopyOutlined />} onClick={() => setAdding({ from: r })} testId={`reward-rule-next-${r.id}`} />
          <IconAction
            label={t('list.delete')}
            icon={<DeleteOutlined />}
            danger
            onClick={() =>
              confirmDanger(() =>
                removeRule.mutateAsync(r.id).then(() => toast('success', t('msg.operationSuccessful')), shownByClient),
              )
            }
          />
        </Space>
      ),
    },
  ];
  return (
    <>
      {holder}
      <LevelsCard />
      <Typography.Paragraph type="secondary">{t('reward.rulesHint')}</Typography.Paragraph>
      {list.data && list.data.total === 0 && !Object.values(list.state.filters).some(Boolean) && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('reward.rulesEmpty')} data-testid="reward-rules-empty" />
      )}
      <ListView<RewardRule>
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        add={{ labelKey: 'reward.addVersion', testId: 'reward-rule-add', onClick: () => setAdding({}) }}
      />
      <RuleDialog
        open={!!adding}
        from={adding?.from}
        onClose={() => setAdding(null)}
        onSaved={() => {
          setAdding(null);
          list.reload();
        }}
      />
    </>
  );
}
