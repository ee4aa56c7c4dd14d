import { useState } from 'react';
import { Button, Input, Modal, Space, Tag, Typography, type ButtonProps } from 'antd';
import { toast } from '../../api/client';
import { FILE_DOWN_PATH } from '../../api/upload';
import {
  approveApplications,
  CERT_KIND_DICT,
  CERT_LEVEL_DICT,
  listApplications,
  rejectApplications,
  REWARD_STATES,
  type RewardApplication,
  type RewardState,
} from '../../api/reward';
import DictSelect, { DictLabel } from '../../components/DictSelect';
import { openExport } from '../../components/list/ExportButton';
import ListView from '../../components/list/ListView';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';

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

/** /useCertificateRewardAudit: the applications of the caller's scope; approve at the caller's level, reject with a reason. */
export default function RewardAuditPage() {
  useI18n();
  const list = useList<RewardApplication>(fields, listApplications, { key: ['listApplications'] });
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
    { titleKey: 'reward.applicant', key: 'user', render: (_: unknown, a) => `${a.userName}(${a.loginCode})` },
    { titleKey: 'reward.unit', dataIndex: 'unitName' },
    {
      titleKey: 'reward.certificate',
      key: 'cert',
      render: (_: unknown, a) => (
        <Space direction="vertical" size={0}>
          <span>
            {a.certName} · {a.certNumber}
          </span>
          <Typography.Text type="secondary">
            <DictLabel dictKey={CERT_KIND_DICT} value={a.certKind} /> / <DictLabel dictKey={CERT_LEVEL_DICT} value={a.certLevel} />
          </Typography.Text>
        </Space>
      ),
    },
    { titleKey: 'reward.tender', dataIndex: 'tenderTitle' },
    { titleKey: 'reward.bidDate', dataIndex: 'bidDate', sortKey: 'bidDate', render: (v: string, a) => `${v}${a.won ? ` · ${t('reward.won')}` : ''}` },
    {
      titleKey: 'reward.evidence',
      key: 'files',
      render: (_: unknown, a) => (
        <Space direction="vertical" size={0}>
          {a.files.map((f) => (
            <Typography.Link key={f.id} onClick={() => void openExport(FILE_DOWN_PATH, { id: String(f.id) }).catch(() => undefined)}>
              {f.name}
            </Typography.Link>
          ))}
        </Space>
      ),
    },
    { titleKey: 'reward.state', dataIndex: 'state', render: (v: RewardState, a) => <span data-testid={`reward-state-${a.id}`}><RewardStateTag state={v} /></span> },
    { titleKey: 'reward.amount', dataIndex: 'amount', render: (v: string, a) => (a.state === 'approved' ? `${v} (v${a.ruleVersion})` : '') },
    { titleKey: 'reward.reason', dataIndex: 'reason' },
    { titleKey: 'reward.createdAt', dataIndex: 'createdAt', sortKey: 'createdAt', render: (v: string) => formatTime(v) },
  ];
  return (
    <>
      <ListView<RewardApplication>
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        selectable
        canSelect={(a) => a.state === 'submitted' || a.state === 'unit_approved'}
        actions={
          <Space>
            <Button type="primary" data-testid="reward-approve" onClick={() => ticked() && void approveApplications(ids).then(done, () => undefined)}>
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
          void rejectApplications(ids, reason.trim()).then(() => {
            setRejecting(false);
            setReason('');
            done();
          }, () => undefined);
        }}
      >
        <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} rows={3} data-testid="reward-reject-reason" />
      </Modal>
    </>
  );
}
