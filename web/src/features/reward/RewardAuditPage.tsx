import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Tag, Typography, type ButtonProps } from 'antd';
import { toast } from '../../api/client';
import { FILE_DOWN_PATH } from '../../api/upload';
import {
  CERT_KIND_DICT,
  CERT_LEVEL_DICT,
  listApplications,
  REWARD_STATES,
  type RewardApplication,
  type RewardState,
} from '../../api/reward';
import { shownByClient } from '../../api/hooks/useWrite';
import { rewardKeys, useApproveApplications, useRejectApplications, useRewardSettings } from '../../api/hooks/reward';
import DictSelect, { DictLabel } from '../../components/DictSelect';
import { openExport } from '../../components/list/ExportButton';
import ListView from '../../components/list/ListView';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { money } from './amount';

const STATE_COLOR: Record<RewardState, string> = { submitted: 'gold', unit_approved: 'blue', approved: 'green', rejected: 'red' };

export function RewardStateTag({ state }: { state: RewardState }) {
  return <Tag color={STATE_COLOR[state]}>{t(`reward.state.${state}`)}</Tag>;
}

const fields: SearchField[] = [
  { names: ['keyword'], labelKey: 'reward.keyword', kind: 'text' },
  { names: ['state'], labelKey: 'reward.state', kind: 'select', options: REWARD_STATES.map((s) => ({ value: s, labelKey: `reward.state.${s}` as const })) },
  {
    names: ['certKind'],
    labelKey: 'reward.certKind',
    kind: 'custom',
    render: (p) => <DictSelect dictKey={CERT_KIND_DICT} value={p.value} onChange={(v) => p.onChange(v == null ? undefined : String(v))} placeholder={t('list.all')} />,
  },
  { names: ['startDate', 'endDate'], labelKey: 'reward.bidDate', kind: 'dateRange' },
];

/** Where an application stands: its state, the amount paid or the reason, the next step and who takes it, and whether
 * the signed-in reviewer may decide it now (and why not). */
function NextStep({ a }: { a: RewardApplication }) {
  return (
    <Space direction="vertical" size={0} data-testid={`reward-next-${a.id}`} style={{ width: 260 }}>
      <span data-testid={`reward-state-${a.id}`}>
        <RewardStateTag state={a.state} />
        {a.state === 'approved' && (
          <Typography.Text strong>
            {money(a.amount)} {t('reward.yuan')}
          </Typography.Text>
        )}
      </span>
      {a.state === 'approved' && <Typography.Text type="secondary">{t('reward.ruleVersion', { v: a.ruleVersion })}</Typography.Text>}
      {a.state === 'rejected' && a.reason && <Typography.Text type="danger">{a.reason}</Typography.Text>}
      {a.nextStep && <Typography.Text>{a.nextStep}</Typography.Text>}
      {a.nextBy && <Typography.Text type="secondary">{t('reward.portal.nextBy', { names: a.nextBy })}</Typography.Text>}
      {a.canDecide && <Tag color="blue">{t('reward.canDecide')}</Tag>}
      {!a.canDecide && a.whyNot && <Typography.Text type="warning">{a.whyNot}</Typography.Text>}
    </Space>
  );
}

/** /useCertificateRewardAudit: the applications of the caller's scope with their next step and who takes it; the
 * caller ticks those they may decide (the others say why not), approves at their level or rejects with a reason. */
export default function RewardAuditPage() {
  useI18n();
  const list = useList<RewardApplication>(fields, listApplications, { key: rewardKeys.list('applications') });
  const levels = useRewardSettings().data?.levels;
  const approve = useApproveApplications();
  const reject = useRejectApplications();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const ids = list.selectedKeys.map(Number);
  const done = () => {
    toast('success', t('msg.operationSuccessful'));
    list.reload();
  };
  const ticked = () => {
    if (ids.length) return true;
    toast('warning', t('list.tickFirst'));
    return false;
  };
  const columns: ListColumn<RewardApplication>[] = [
    {
      titleKey: 'reward.applicant',
      key: 'user',
      render: (_: unknown, a) => (
        <Space direction="vertical" size={0} style={{ width: 150 }}>
          <span>
            {a.userName}（{a.loginCode}）
          </span>
          <Typography.Text type="secondary">{a.unitLabel || a.unitName}</Typography.Text>
        </Space>
      ),
    },
    {
      titleKey: 'reward.certificate',
      key: 'cert',
      render: (_: unknown, a) => (
        <Space direction="vertical" size={0} style={{ width: 150 }}>
          <span>{a.certName}</span>
          <Typography.Text type="secondary">
            {a.certNumber} · <DictLabel dictKey={CERT_KIND_DICT} value={a.certKind} /> / <DictLabel dictKey={CERT_LEVEL_DICT} value={a.certLevel} />
          </Typography.Text>
        </Space>
      ),
    },
    {
      titleKey: 'reward.tender',
      dataIndex: 'tenderTitle',
      render: (v: string, a) => (
        <Space direction="vertical" size={0} style={{ width: 230 }}>
          <span>{v}</span>
          <Typography.Text type="secondary">
            {a.bidDate} · {a.won ? t('reward.portal.result.win') : t('reward.portal.result.lose')}
          </Typography.Text>
          {a.remark && <Typography.Text type="secondary">{a.remark}</Typography.Text>}
          {a.files.map((f) => (
            <Typography.Link key={f.id} onClick={() => void openExport(FILE_DOWN_PATH, { id: String(f.id) }).catch(shownByClient)}>
              {f.name}
            </Typography.Link>
          ))}
        </Space>
      ),
    },
    { titleKey: 'reward.nextStep', key: 'state', render: (_: unknown, a) => <NextStep a={a} /> },
    {
      titleKey: 'reward.createdAt',
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      render: (v: string) => {
        const [date, time] = formatTime(v).split(' ');
        return (
          <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
            <span>{date}</span>
            <Typography.Text type="secondary">{time}</Typography.Text>
          </Space>
        );
      },
    },
  ];
  const empty = list.data && list.data.total === 0 && !Object.values(list.state.filters).some(Boolean);
  return (
    <>
      {levels && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t(levels === 1 ? 'reward.flowHint.1' : 'reward.flowHint.2')} data-testid="reward-flow" />}
      {empty && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('reward.auditEmpty')} />}
      <ListView<RewardApplication>
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        selectable
        canSelect={(a) => a.canDecide}
        actions={
          <Space>
            <Button type="primary" data-testid="reward-approve" onClick={() => ticked() && approve.mutate(ids, { onSuccess: done })}>
              {t('reward.approve')}
            </Button>
            <Button danger data-testid="reward-reject" onClick={() => ticked() && setRejecting(true)}>
              {t('reward.reject')}
            </Button>
          </Space>
        }
      />
      <Modal
        open={rejecting}
        title={t('reward.rejectReason')}
        onCancel={() => setRejecting(false)}
        okButtonProps={{ 'data-testid': 'reward-reject-ok' } as ButtonProps}
        onOk={() => {
          if (!reason.trim()) {
            toast('warning', t('reward.reasonRequired'));
            return;
          }
          reject.mutate(
            { ids, reason: reason.trim() },
            {
              onSuccess: () => {
                setRejecting(false);
                setReason('');
                done();
              },
            },
          );
        }}
      >
        <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} rows={3} data-testid="reward-reject-reason" />
      </Modal>
    </>
  );
}
