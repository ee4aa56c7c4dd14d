import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tooltip, Typography, type ButtonProps } from 'antd';
import { EditOutlined, PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { ApiError, toastSuccess } from '../../api/client';
import { TASK_LIMITS, type Retention, type Task, type TaskSettings } from '../../api/tasks';
import { useCronPreview, useEnableTask, useRetention, useRunTask, useSetRetention, useTasksNow, useUpdateTask } from '../../api/hooks/tasks';
import { keepFormOpen } from '../../api/hooks/useWrite';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { headerTitle, IconAction } from '../../components/list/RowActions';
import { describeCron } from './cron';
import { OutcomeTag } from './taskShared';

/** The next five times of the expression being edited, or why the server refuses it; checked as it is typed. */
function CronPreviewBox({ cron }: { cron: string }) {
  const { lang } = useI18n();
  const { preview, error: refused } = useCronPreview(cron);
  const error = refused ? (refused instanceof ApiError ? refused.message : t('msg.operationException')) : undefined;
  const words = describeCron(cron, lang);
  return (
    <div data-testid="cron-preview" style={{ background: 'var(--bd-color-fill-alter)', border: '1px solid var(--bd-color-border-secondary)', borderRadius: 6, padding: '8px 12px', marginBottom: 16 }}>
      {error ? (
        <Typography.Text type="danger" data-testid="cron-error">
          {error}
        </Typography.Text>
      ) : (
        <>
          {words && (
            <div data-testid="cron-words">
              <Typography.Text strong>{words}</Typography.Text>
            </div>
          )}
          <Typography.Text type="secondary">{t('task.nextRuns')}</Typography.Text>
          <ol style={{ margin: '4px 0 0', paddingLeft: 20 }} data-testid="cron-next">
            {(preview?.nextRuns ?? []).map((at) => (
              <li key={at}>{formatTime(at)}</li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

/** Edit a task's schedule and policies. */
function TaskFormDialog({ task, onClose, onSaved }: { task?: Task; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<TaskSettings>();
  const cron = Form.useWatch('cron', form) ?? '';
  const update = useUpdateTask();
  useEffect(() => {
    if (task) form.setFieldsValue({ code: task.code, cron: task.cron, overlap: task.overlap, misfire: task.misfire, timeoutSec: task.timeoutSec, retries: task.retries });
  }, [task, form]);
  const save = () =>
    form.validateFields().then(
      (v) =>
        update.mutate(
          { ...v, code: task!.code, cron: v.cron.trim() },
          {
            onSuccess: () => {
              toastSuccess();
              onSaved();
            },
          },
        ),
      keepFormOpen,
    );
  return (
    <Modal
      open={!!task}
      title={task ? t('task.editTitle', { name: task.name }) : ''}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={update.isPending}
      okButtonProps={{ 'data-testid': 'task-form-save' } as ButtonProps}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="cron"
          label={t('task.cron')}
          extra={t('task.cronHint')}
          rules={[
            { required: true, whitespace: true, message: t('task.cronRequired') },
            { max: TASK_LIMITS.cron, message: t('task.tooLong', { n: TASK_LIMITS.cron }) },
          ]}
        >
          <Input data-testid="task-form-cron" maxLength={TASK_LIMITS.cron} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <CronPreviewBox cron={cron} />
        <Space size="large" wrap>
          <Form.Item name="overlap" label={t('task.overlap')} rules={[{ required: true }]}>
            <Select
              style={{ width: 200 }}
              data-testid="task-form-overlap"
              options={[
                { value: 'forbid', label: t('task.overlap.forbid') },
                { value: 'allow', label: t('task.overlap.allow') },
              ]}
            />
          </Form.Item>
          <Form.Item name="misfire" label={t('task.misfire')} rules={[{ required: true }]}>
            <Select
              style={{ width: 200 }}
              data-testid="task-form-misfire"
              options={[
                { value: 'run', label: t('task.misfire.run') },
                { value: 'skip', label: t('task.misfire.skip') },
              ]}
            />
          </Form.Item>
          <Form.Item name="timeoutSec" label={t('task.timeoutSec')} rules={[{ required: true, type: 'number', min: 1, max: TASK_LIMITS.timeoutSec, message: t('task.range', { min: 1, max: TASK_LIMITS.timeoutSec }) }]}>
            <InputNumber min={1} max={TASK_LIMITS.timeoutSec} precision={0} style={{ width: 200 }} data-testid="task-form-timeout" />
          </Form.Item>
          <Form.Item name="retries" label={t('task.retries')} rules={[{ required: true, type: 'number', min: 0, max: TASK_LIMITS.retries, message: t('task.range', { min: 0, max: TASK_LIMITS.retries }) }]}>
            <InputNumber min={0} max={TASK_LIMITS.retries} precision={0} style={{ width: 200 }} data-testid="task-form-retries" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

const NO_ROWS: Retention[] = [];

/** The days each log keeps (the log_retention task deletes what is older). */
function RetentionCard() {
  const rows = useRetention().data ?? NO_ROWS;
  const [edits, setEdits] = useState<Record<string, number | null | undefined>>({});
  const retain = useSetRetention();
  const save = (log: string) => {
    const days = edits[log];
    if (days === null || days === undefined) return;
    retain.mutate(
      { log, days },
      {
        onSuccess: () => {
          toastSuccess();
          setEdits((e) => ({ ...e, [log]: undefined }));
        },
      },
    );
  };
  return (
    <Card title={t('task.retention')} size="small" style={{ marginTop: 16 }}>
      <Space wrap size="large">
        {rows.map((r) => (
          <Space key={r.log}>
            <span>{t(`task.log.${r.log}` as 'task.log.business_log')}</span>
            <InputNumber
              min={1}
              max={TASK_LIMITS.days}
              precision={0}
              value={edits[r.log] ?? r.days}
              onChange={(v) => setEdits((e) => ({ ...e, [r.log]: v }))}
              addonAfter={t('task.days')}
              style={{ width: 150 }}
              data-testid={`retention-${r.log}`}
            />
            <Button size="small" disabled={edits[r.log] === undefined || edits[r.log] === r.days} onClick={() => save(r.log)} data-testid={`retention-save-${r.log}`}>
              {t('task.save')}
            </Button>
          </Space>
        ))}
      </Space>
    </Card>
  );
}

const NO_TASKS: Task[] = [];

/** /task_manager: the tasks registered in the server's code, their schedules and last runs. */
export default function TaskManagerPage() {
  const { lang } = useI18n();
  const list = useTasksNow();
  // a failure (shown by the client) shows an empty table rather than a spinner
  const tasks = list.data ?? (list.isError ? NO_TASKS : undefined);
  const [editing, setEditing] = useState<Task>();
  const enable = useEnableTask();
  const run = useRunTask();
  const busy = enable.isPending ? enable.variables?.code : run.isPending ? run.variables : undefined;
  const done = { onSuccess: () => toastSuccess() };

  const columns = [
    {
      title: t('task.name'),
      dataIndex: 'name',
      render: (v: string, r: Task) => (
        <Tooltip title={r.description}>
          <span data-testid={`task-name-${r.code}`} style={{ display: 'inline-block', maxWidth: 160 }}>
            {v}
          </span>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.code}
            </Typography.Text>
          </div>
        </Tooltip>
      ),
    },
    {
      title: headerTitle(t('task.cron')),
      dataIndex: 'cron',
      render: (v: string) => (
        <>
          <Typography.Text code data-testid="task-cron">
            {v}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'inline-block', maxWidth: 130 }}>
              {describeCron(v, lang)}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: headerTitle(t('task.nextRun')),
      dataIndex: 'nextRuns',
      render: (v: string[]) =>
        v.length ? (
          <Tooltip title={v.map((x) => formatTime(x)).join('\n')}>
            <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v[0])}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: t('task.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean, r: Task) => (
        <Switch
          checked={v}
          loading={busy === r.code}
          checkedChildren={t('task.on')}
          unCheckedChildren={t('task.paused')}
          onChange={(c) => enable.mutate({ code: r.code, enabled: c }, done)}
          data-testid={`task-enable-${r.code}`}
        />
      ),
    },
    {
      title: t('task.policies'),
      key: 'policies',
      render: (_: unknown, r: Task) => (
        <Space direction="vertical" size={0} style={{ fontSize: 12 }}>
          <span>{t(`task.overlap.${r.overlap}` as 'task.overlap.allow')}</span>
          <span>{t(`task.misfire.${r.misfire}` as 'task.misfire.run')}</span>
          <span>{t('task.timeoutRetries', { s: r.timeoutSec, n: r.retries })}</span>
        </Space>
      ),
    },
    {
      title: headerTitle(t('task.lastRun')),
      key: 'last',
      render: (_: unknown, r: Task) =>
        r.lastRunAt ? (
          <Tooltip title={r.lastMessage}>
            <div style={{ whiteSpace: 'nowrap' }}>{formatTime(r.lastRunAt)}</div>
            <OutcomeTag outcome={r.lastOutcome} />
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('task.never')}</Typography.Text>
        ),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right' as const,
      render: (_: unknown, r: Task) => (
        <Space size={0}>
          <IconAction label={t('task.edit')} icon={<EditOutlined />} onClick={() => setEditing(r)} testId={`task-edit-${r.code}`} />
          <Tooltip title={t('task.runNow')}>
            <Button
              type="link"
              size="small"
              icon={<PlayCircleOutlined />}
              aria-label={t('task.runNow')}
              loading={busy === r.code}
              onClick={() => run.mutate(r.code, done)}
              data-testid={`task-run-${r.code}`}
            />
          </Tooltip>
          <Tooltip title={t('task.viewLog')}>
            <Link to={`/task_log?task=${encodeURIComponent(r.code)}`} aria-label={t('task.viewLog')} style={{ padding: '0 7px' }} data-testid={`task-log-${r.code}`}>
              <UnorderedListOutlined />
            </Link>
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Card
        title={t('nav.task_manager')}
        extra={
          <Button onClick={() => void list.refetch()} loading={list.isFetching} data-testid="task-reload">
            {t('task.refresh')}
          </Button>
        }
      >
        <Table<Task> rowKey="code" dataSource={tasks} columns={columns} loading={!tasks} pagination={false} scroll={{ x: 'max-content' }} data-testid="task-table" />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('task.note')}
        </Typography.Paragraph>
      </Card>
      <RetentionCard />
      <TaskFormDialog
        task={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
    </>
  );
}
