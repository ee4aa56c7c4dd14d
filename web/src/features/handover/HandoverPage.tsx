import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Modal, Result, Row, Space, Spin, Steps, Table, Tag, Typography, type ButtonProps } from 'antd';
import { EyeOutlined, SwapOutlined, UndoOutlined } from '@ant-design/icons';
import type { SysUser } from '../../api/admin';
import {
  EXTERNAL_EXPORTS,
  listHandovers,
  previewHandover,
  runHandover,
  undoHandover,
  type Handover,
  type HandoverKind,
  type HandoverPreview,
  type HandoverResult,
} from '../../api/external';
import { toast, toastCancelled } from '../../api/client';
import { useHandoverKinds } from '../../api/hooks/handover';
import { shownByClient } from '../../api/hooks/useWrite';
import AccountSelect, { accountLabel } from '../../components/AccountSelect';
import ListView from '../../components/list/ListView';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useList, type ListController } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';

const REMARK_MAX = 200;

const fields: SearchField[] = [
  { names: ['keyword'], labelKey: 'handover.keyword', kind: 'text' },
  {
    names: ['state'],
    labelKey: 'handover.state',
    kind: 'select',
    options: [
      { value: 'done', labelKey: 'handover.state.done' },
      { value: 'undone', labelKey: 'handover.state.undone' },
    ],
  },
  { names: ['startTime', 'endTime'], dateRange: true, labelKey: 'handover.time', kind: 'dateRange' },
];

type Step = 'choose' | 'preview' | 'running' | 'done';
const stepIndex: Record<Step, number> = { choose: 0, preview: 1, running: 2, done: 2 };

/** Choose the two accounts, preview the counts, confirm, run; the history below refreshes. */
function HandoverRunner({ history }: { history: ListController<Handover> }) {
  const [modal, holder] = Modal.useModal();
  const [from, setFrom] = useState<SysUser>();
  const [to, setTo] = useState<SysUser>();
  const [remark, setRemark] = useState('');
  const [step, setStep] = useState<Step>('choose');
  const [preview, setPreview] = useState<HandoverPreview>();
  const [result, setResult] = useState<HandoverResult>();
  const [loading, setLoading] = useState(false);

  const restart = () => {
    setStep('choose');
    setPreview(undefined);
    setResult(undefined);
    setRemark('');
  };
  const chooseFrom = (u?: SysUser) => {
    setFrom(u);
    if (u && to && to.userType !== u.userType) setTo(undefined);
    restart();
  };
  const chooseTo = (u?: SysUser) => {
    setTo(u);
    restart();
  };

  const showPreview = () => {
    if (!from || !to) return toast('warning', t('handover.chooseBoth'));
    if (from.id === to.id) return toast('warning', t('handover.sameUser'));
    setLoading(true);
    previewHandover(from.id, to.id)
      .then((p) => {
        setPreview(p);
        setStep('preview');
      }, shownByClient)
      .finally(() => setLoading(false));
  };

  const run = () => {
    if (!from || !to || !preview) return;
    modal.confirm({
      title: t('handover.confirmTitle'),
      content: t('handover.confirmRun', { from: accountLabel(from), to: accountLabel(to), n: preview.total }),
      okText: t('handover.run'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'handover-confirm' } as ButtonProps,
      onCancel: toastCancelled,
      onOk: () => {
        setStep('running');
        return runHandover(from.id, to.id, remark.trim()).then(
          (r) => {
            setResult(r);
            setStep('done');
            toast('success', t('msg.operationSuccessful'));
            history.reload();
          },
          () => setStep('preview'),
        );
      },
    });
  };

  /** the hand-over just run, undone at once by its id (as the history's undo does) */
  const undoResult = (r: HandoverResult) =>
    modal.confirm({
      title: t('handover.undoTitle'),
      content: t('handover.confirmUndo', { from: accountLabel(r.from) }),
      okText: t('handover.undo'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'handover-undo-confirm' } as ButtonProps,
      onCancel: toastCancelled,
      onOk: () =>
        undoHandover(r.id).then(
          () => {
            toast('success', t('msg.operationSuccessful'));
            restart();
            history.reload();
          },
          () => history.reload(),
        ),
    });

  return (
    <Card title={t('nav.handover_manager')} variant="borderless" data-testid="handover-card">
      {holder}
      <Steps
        size="small"
        current={stepIndex[step]}
        status={step === 'done' ? 'finish' : 'process'}
        items={[{ title: t('handover.stepChoose') }, { title: t('handover.stepPreview') }, { title: t('handover.stepRun') }]}
        style={{ maxWidth: 720, marginBottom: 24 }}
      />
      <Form layout="vertical" disabled={step === 'running'}>
        <Row gutter={24} align="bottom">
          <Col xs={24} md={9}>
            <Form.Item label={t('handover.from')} extra={t('handover.fromHint')}>
              <AccountSelect value={from?.id} onChange={(_, u) => chooseFrom(u)} placeholder={t('handover.accountPlaceholder')} testId="handover-from" />
            </Form.Item>
          </Col>
          <Col xs={24} md={9}>
            <Form.Item label={t('handover.to')} extra={t('handover.toHint')}>
              <AccountSelect
                key={from?.userType ?? 'any'}
                value={to?.id}
                onChange={(_, u) => chooseTo(u)}
                filters={{ state: '1', ...(from ? { userType: from.userType } : {}) }}
                placeholder={t('handover.accountPlaceholder')}
                testId="handover-to"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item extra=" ">
              <Button icon={<EyeOutlined />} onClick={showPreview} loading={loading} data-testid="handover-preview">
                {t('handover.preview')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>

      {preview && step !== 'done' && (
        <Spin spinning={step === 'running'} tip={t('handover.running')}>
          <Typography.Title level={5}>{t('handover.previewTitle', { from: accountLabel(preview.from), to: accountLabel(preview.to) })}</Typography.Title>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={preview.kinds}
            style={{ maxWidth: 720 }}
            data-testid="handover-counts"
            columns={[
              { title: t('handover.kind'), dataIndex: 'label' },
              { title: t('handover.count'), dataIndex: 'count', align: 'right' },
              { title: t('handover.skipped'), dataIndex: 'skipped', align: 'right' },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('handover.totalLabel')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <b data-testid="handover-total">{preview.total}</b>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} />
              </Table.Summary.Row>
            )}
          />
          {preview.total === 0 ? (
            <Alert type="info" showIcon title={t('handover.nothing')} style={{ maxWidth: 720, marginTop: 16 }} />
          ) : (
            <Space align="start" style={{ marginTop: 16 }} wrap>
              <Input
                value={remark}
                onChange={(e) => setRemark(e.target.value)}
                maxLength={REMARK_MAX}
                placeholder={t('handover.remarkPlaceholder')}
                style={{ width: 420 }}
                data-testid="handover-remark"
              />
              <Button type="primary" icon={<SwapOutlined />} onClick={run} data-testid="handover-run">
                {t('handover.run')}
              </Button>
            </Space>
          )}
        </Spin>
      )}

      {step === 'done' && result && (
        <Result
          status="success"
          title={t('handover.done', { n: result.total })}
          subTitle={result.kinds
            .filter((k) => k.count > 0)
            .map((k) => `${k.label} ${k.count}`)
            .join(t('handover.sep'))}
          extra={[
            <Button key="again" onClick={() => chooseFrom(undefined)} data-testid="handover-again">
              {t('handover.again')}
            </Button>,
            <Button key="undo" danger icon={<UndoOutlined />} onClick={() => undoResult(result)} data-testid={`handover-undo-${result.id}`}>
              {t('handover.undo')}
            </Button>,
          ]}
          data-testid="handover-result"
        />
      )}
    </Card>
  );
}

const NO_KINDS: HandoverKind[] = [];

/** /handover_manager: move what a departing account owns to another account; the history with undo. */
export default function HandoverPage() {
  useI18n();
  const history = useList(fields, listHandovers, { key: ['listHandovers'] });
  const [modal, holder] = Modal.useModal();
  const kinds = useHandoverKinds().data ?? NO_KINDS;
  /** a record's counts in the registry's order, with the kinds' names (a kind no longer registered by its key) */
  const moved = (h: Handover) => [
    ...kinds.filter((k) => h.counts[k.key]).map((k) => ({ key: k.key, label: k.label, n: h.counts[k.key] })),
    ...Object.keys(h.counts)
      .filter((key) => !kinds.some((k) => k.key === key))
      .map((key) => ({ key, label: key, n: h.counts[key] })),
  ];

  const undo = (h: Handover) =>
    modal.confirm({
      title: t('handover.undoTitle'),
      content: t('handover.confirmUndo', { from: `${h.fromUserName}(${h.fromLoginCode})` }),
      okText: t('handover.undo'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'undo-confirm' } as ButtonProps,
      onCancel: toastCancelled,
      onOk: () =>
        undoHandover(h.id).then(
          () => {
            toast('success', t('msg.operationSuccessful'));
            history.reload();
          },
          () => history.reload(),
        ),
    });

  const columns: ListColumn<Handover>[] = [
    { titleKey: 'handover.time', dataIndex: 'createdAt', sortKey: 'createdAt', render: (v: string) => formatTime(v) },
    { titleKey: 'handover.from', dataIndex: 'fromLoginCode', sortKey: 'fromLoginCode', render: (_: unknown, h) => `${h.fromUserName}(${h.fromLoginCode})` },
    { titleKey: 'handover.to', dataIndex: 'toLoginCode', sortKey: 'toLoginCode', render: (_: unknown, h) => `${h.toUserName}(${h.toLoginCode})` },
    {
      titleKey: 'handover.moved',
      dataIndex: 'counts',
      render: (_: unknown, h) => (
        <Space size={[4, 4]} wrap>
          {moved(h).map((m) => (
            <Tag key={m.key}>
              {m.label} {m.n}
            </Tag>
          ))}
        </Space>
      ),
    },
    { titleKey: 'handover.total', dataIndex: 'total', sortKey: 'total', align: 'right' },
    { titleKey: 'handover.remark', dataIndex: 'remark' },
    { titleKey: 'handover.operator', dataIndex: 'operatorLoginCode', render: (_: unknown, h) => (h.operatorLoginCode ? `${h.operatorName}(${h.operatorLoginCode})` : '') },
    {
      titleKey: 'handover.state',
      dataIndex: 'state',
      render: (v: string, h) =>
        v === 'done' ? (
          <Tag color="green">{t('handover.state.done')}</Tag>
        ) : (
          <Space size={4} direction="vertical">
            <Tag>{t('handover.state.undone')}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatTime(h.undoneAt)} {h.undoneByName}
            </Typography.Text>
          </Space>
        ),
    },
    {
      titleKey: 'list.actions',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, h) =>
        h.state === 'done' && (
          <Button type="link" size="small" icon={<UndoOutlined />} onClick={() => undo(h)} data-testid={`undo-${h.id}`}>
            {t('handover.undo')}
          </Button>
        ),
    },
  ];

  return (
    <>
      {holder}
      <HandoverRunner history={history} />
      <Typography.Title level={5} style={{ margin: '24px 0 12px' }}>
        {t('handover.history')}
      </Typography.Title>
      <ListView list={history} fields={fields} columns={columns} rowKey="id" exportPath={EXTERNAL_EXPORTS.handovers} />
    </>
  );
}
