/**
 * The learner's side of training, shared by the portal page (/gatewayTraining) and the phone page (/h5Course):
 * my classes (enrolled, awaiting approval, on the wait list with the place), the classes open to me (enrol), withdraw
 * before the deadline (confirmed), and my schedule as a week.
 */
import { Alert, Button, Card, Empty, Modal, Result, Skeleton, Space, Tag, Typography, type ButtonProps } from 'antd';
import dayjs from 'dayjs';
import { toast } from '../../api/client';
import { shownByClient } from '../../api/hooks/useWrite';
import type { Enrolled, EnrolState, MyClass } from '../../api/training';
import { t, useI18n } from '../../i18n';
import { ClassStateTag, EnrolTag, SignTag, timeRange, useWeek, WeekView } from './parts';
import { useEnrolment, useMyClasses, useMySchedule } from './queries';

type Where = 'portal' | 'h5';

const mine = (c: MyClass) => c.myState === 'enrolled' || c.myState === 'pending' || c.myState === 'waiting';

export function MyClasses({ where, compact }: { where: Where; compact?: boolean }) {
  useI18n();
  const q = useMyClasses(where);
  const { enrol, withdraw } = useEnrolment(where);
  const [modal, holder] = Modal.useModal();
  if (q.isLoading) return <Skeleton active />;
  if (q.isError) return <Result status="info" title={q.error.message} data-testid="training-refused" />;
  const all = q.data ?? [];
  const own = all.filter(mine);
  const open = all.filter((c) => !mine(c) && c.canEnrol);
  const done = (r: Enrolled, c: MyClass) => {
    toast('success', t(`training.my.enrolled.${r.state}`, { n: r.position, name: c.name }));
    if (r.warnings.length)
      void modal.warning({ title: t('training.my.overlaps'), content: <ul>{r.warnings.map((w) => <li key={w}>{w}</li>)}</ul>, okText: t('common.ok') });
  };
  const askEnrol = (c: MyClass) =>
    void modal.confirm({
      title: t('training.my.enrolConfirm', { name: c.name }),
      content: c.needsApproval ? t('training.my.needsApproval') : c.enrolled >= c.capacity ? t('training.my.full') : undefined,
      okText: t('training.my.enrol'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'my-enrol-ok' } as ButtonProps,
      onOk: () => enrol.mutateAsync(c.id).then((r) => done(r, c), shownByClient),
    });
  const askLeave = (c: MyClass) =>
    void modal.confirm({
      title: t('training.my.withdrawConfirm', { name: c.name }),
      content: c.myState === 'enrolled' ? t('training.my.withdrawHint') : undefined,
      okText: t('training.my.withdraw'),
      okButtonProps: { danger: true, 'data-testid': 'my-withdraw-ok' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: () => withdraw.mutateAsync(c.id).then(() => toast('success', t('msg.operationSuccessful')), shownByClient),
    });
  const card = (c: MyClass) => (
    <Card key={c.id} size="small" data-testid={`my-class-${c.id}`} style={{ marginBottom: 12 }}>
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {c.name}
          </Typography.Text>
          <Space size={4}>
            {c.myState && (
              <span data-testid={`my-state-${c.id}`}>
                <EnrolTag state={c.myState as EnrolState} />
              </span>
            )}
            {!c.myState && <ClassStateTag state={c.state} />}
          </Space>
        </Space>
        {c.myState === 'waiting' && (
          <Alert type="info" showIcon message={t('training.my.position', { n: c.position })} data-testid={`my-position-${c.id}`} />
        )}
        {c.myState === 'pending' && <Alert type="warning" showIcon message={t('training.my.pending')} />}
        <Typography.Text type="secondary">
          {c.unitLabel} · {c.startDate} ~ {c.endDate} · {t(`training.mode.${c.mode}`)}
          {(c.place || c.meetingLink) && ` · ${c.place || c.meetingLink}`}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('training.class.seatsValue', { n: c.enrolled, cap: c.capacity })}
          {c.waiting > 0 && ` · ${t('training.my.waitingCount', { n: c.waiting })}`}
          {c.needsApproval && ` · ${t('training.class.approval')}`}
        </Typography.Text>
        {c.courses.length > 0 && <div>{c.courses.map((x) => <Tag key={x.id}>{x.name}</Tag>)}</div>}
        {c.next && (
          <Typography.Text>
            {t('training.my.nextIs', { what: [c.next.title || c.next.courseName, timeRange(c.next), c.next.room].filter(Boolean).join(' · ') })}
          </Typography.Text>
        )}
        {c.withdrawUntil && mine(c) && (
          <Typography.Text type="secondary">{t('training.my.withdrawUntil', { at: dayjs(c.withdrawUntil).format('YYYY-MM-DD HH:mm') })}</Typography.Text>
        )}
        <Space wrap>
          {c.canEnrol && !mine(c) && (
            <Button type="primary" onClick={() => askEnrol(c)} data-testid={`my-enrol-${c.id}`} block={compact}>
              {c.enrolled >= c.capacity ? t('training.my.joinWaitList') : t('training.my.enrol')}
            </Button>
          )}
          {c.canLeave && (
            <Button danger onClick={() => askLeave(c)} data-testid={`my-withdraw-${c.id}`}>
              {t('training.my.withdraw')}
            </Button>
          )}
        </Space>
      </Space>
    </Card>
  );
  return (
    <div data-testid="my-classes">
      {holder}
      <Typography.Title level={5}>{t('training.my.mine')}</Typography.Title>
      {own.length ? own.map(card) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.my.noneMine')} />}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('training.my.open')}
      </Typography.Title>
      {open.length ? open.map(card) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.my.noneOpen')} />}
    </div>
  );
}

export function MySchedule({ where, compact }: { where: Where; compact?: boolean }) {
  useI18n();
  const week = useWeek();
  const q = useMySchedule(where, week.from, week.to);
  if (q.isError) return <Result status="info" title={q.error.message} />;
  return (
    <WeekView
      week={week}
      sessions={q.data ?? []}
      compact={compact}
      showClass
      testId="my-week"
      extra={(s) => (s.myState && s.myState !== 'none' ? <SignTag state={s.myState} /> : null)}
    />
  );
}

