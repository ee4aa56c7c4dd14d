import { lazy, Suspense, useMemo, useState, type Key } from 'react';
import { shownByClient } from '../../api/hooks/useWrite';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Result,
  Segmented,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  TimePicker,
  Typography,
  type ButtonProps,
} from 'antd';
import { ArrowLeftOutlined, PlusOutlined, QrcodeOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { toast, ApiError } from '../../api/client';
import {
  SCHEDULE_EXPORT,
  SIGN_STATES,
  SIGNIN_EXPORT,
  STUDENT_EXPORT,
  type ClassDetail as Detail,
  type ClassState,
  type Session,
  type SessionForm,
  type SheetRow,
  type Student,
} from '../../api/training';
import FormModal from '../../components/form/FormModal';
import ExportButton from '../../components/list/ExportButton';
import { useConfirmDanger } from '../../components/list/guards';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import ClassDialog from './ClassDialog';
import { queueText } from './ClassPage';
import { CertificatesTab, EvaluationsTab } from './ClassEvalCert';
import { ClassStateTag, EnrolTag, SignTag, timeRange, useWeek, WeekView } from './parts';
import { useClass, useClassState, useCorrect, useDecide, useDeleteSession, useLecturerOptions, useSaveSession, useSessions, useSheet, useStudents } from './queries';

const QrScreen = lazy(() => import('./QrScreen'));

/** A class: its facts, the moves its state may make now (each confirmed), and the tabs students, sessions, sign-in. */
export default function ClassDetail({ id, onBack }: { id: number; onBack(): void }) {
  useI18n();
  const q = useClass(id);
  const [tab, setTab] = useState('students');
  const [sheetOf, setSheetOf] = useState<number>();
  const [editing, setEditing] = useState<{ id: number } | null>(null);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="class-back">
      {t('training.class.back')}
    </Button>
  );
  if (q.isLoading) return <Skeleton active />;
  if (q.isError || !q.data) return <Result status="warning" title={q.error?.message ?? t('common.loadFailed')} extra={back} />;
  const c = q.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="class-detail">
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
          <Space wrap>
            {back}
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="class-title">
              {c.name}
            </Typography.Title>
            <span data-testid="class-detail-state">
              <ClassStateTag state={c.state} />
            </span>
          </Space>
          <Space wrap>
            <StateButtons c={c} />
            {c.state !== 'closed' && c.state !== 'archived' && (
              <Button onClick={() => setEditing({ id: c.id })} data-testid="class-detail-edit">
                {t('list.edit')}
              </Button>
            )}
          </Space>
        </Space>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('training.class.unit')}>{c.unitLabel}</Descriptions.Item>
          <Descriptions.Item label={t('training.class.period')}>
            {c.startDate} ~ {c.endDate}
          </Descriptions.Item>
          <Descriptions.Item label={t('training.class.mode')}>
            {t(`training.mode.${c.mode}`)}
            {(c.place || c.meetingLink) && ` · ${[c.place, c.meetingLink].filter(Boolean).join(' · ')}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('training.class.seats')}>
            <span data-testid="class-detail-seats">
              {t('training.class.seatsValue', { n: c.enrolled, cap: c.capacity })}
              {queueText(c) && ` · ${queueText(c)}`}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('training.class.manager')}>{c.managerName}</Descriptions.Item>
          <Descriptions.Item label={t('training.class.approval')}>{t(c.needsApproval ? 'training.yes' : 'training.no')}</Descriptions.Item>
          <Descriptions.Item label={t('training.class.withdrawUntil')}>
            {c.withdrawUntil ? dayjs(c.withdrawUntil).format('YYYY-MM-DD HH:mm') : t('training.class.withdrawDefault')}
          </Descriptions.Item>
          <Descriptions.Item label={t('training.class.lecturers')}>{c.lecturers.map((l) => l.name).join('、') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('training.class.courses')}>{c.courses.map((x) => x.name).join('、') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('training.class.audience')} span={3}>
            {c.audience.length ? c.audience.map((a) => <Tag key={`${a.kind}-${a.code}`} color={a.kind === 'organ' ? 'blue' : undefined}>{a.kind === 'organ' ? a.name : `${a.name}(${a.code})`}</Tag>) : t('training.class.everyone')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          // a tab shown again asks afresh (trainees enrol and sign in elsewhere), and so do the class's seats
          destroyOnHidden
          onChange={(k) => {
            setTab(k);
            void q.refetch();
          }}
          items={[
            { key: 'students', label: <span data-testid="class-tab-students">{t('training.tab.students')}</span>, children: <StudentsTab c={c} /> },
            {
              key: 'sessions',
              label: <span data-testid="class-tab-sessions">{t('training.tab.sessions')}</span>,
              children: (
                <SessionsTab
                  c={c}
                  onSheet={(s) => {
                    setSheetOf(s);
                    setTab('signin');
                  }}
                />
              ),
            },
            { key: 'signin', label: <span data-testid="class-tab-signin">{t('training.tab.signin')}</span>, children: <SignInTab c={c} chosen={sheetOf} onChoose={setSheetOf} /> },
            { key: 'evaluations', label: <span data-testid="class-tab-evaluations">{t('training.tab.evaluations')}</span>, children: <EvaluationsTab c={c} /> },
            { key: 'certificates', label: <span data-testid="class-tab-certificates">{t('training.tab.certificates')}</span>, children: <CertificatesTab c={c} /> },
          ]}
        />
      </Card>
      <ClassDialog target={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
    </Space>
  );
}

/** The moves the class may make now (the server's list), each asked for confirmation first. */
function StateButtons({ c }: { c: Detail }) {
  const [modal, holder] = Modal.useModal();
  const move = useClassState();
  const ask = (to: string) =>
    void modal.confirm({
      title: t('training.state.confirm', { name: c.name, from: t(`training.state.${c.state}`), to: t(`training.state.${to as ClassState}`) }),
      content: t(`training.state.hint.${to as ClassState}`),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'class-state-ok' } as ButtonProps,
      onOk: () => move.mutateAsync({ id: c.id, state: to as ClassState }).then(() => toast('success', t('msg.operationSuccessful')), shownByClient),
    });
  return (
    <>
      {holder}
      {c.next.map((to) => (
        <Button key={to} type={to === 'draft' ? 'default' : 'primary'} onClick={() => ask(to)} data-testid={`class-move-${to}`}>
          {t(`training.move.${to as ClassState}`)}
        </Button>
      ))}
    </>
  );
}

/* ---------- students ---------- */

type StudentFilter = 'all' | 'enrolled' | 'pending' | 'waiting' | 'other';

function StudentsTab({ c }: { c: Detail }) {
  const q = useStudents(c.id);
  const decide = useDecide();
  const [filter, setFilter] = useState<StudentFilter>('all');
  const [picked, setPicked] = useState<Key[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const rows = (q.data ?? []).filter((s) =>
    filter === 'all' ? true : filter === 'other' ? s.state === 'withdrawn' || s.state === 'rejected' : s.state === filter,
  );
  const count = (f: StudentFilter) => (q.data ?? []).filter((s) => (f === 'other' ? s.state === 'withdrawn' || s.state === 'rejected' : s.state === f)).length;
  const ids = picked.map(Number);
  const run = (approve: boolean, why = '') =>
    decide.mutateAsync({ classId: c.id, userIds: ids, approve, reason: why }).then(() => {
      toast('success', t('msg.operationSuccessful'));
      setPicked([]);
      setRejecting(false);
      setReason('');
    }, shownByClient);
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Segmented<StudentFilter>
          value={filter}
          onChange={setFilter}
          options={(['all', 'enrolled', 'pending', 'waiting', 'other'] as const).map((f) => ({
            value: f,
            label: f === 'all' ? t('training.students.all', { n: q.data?.length ?? 0 }) : `${t(`training.students.${f}`)} ${count(f)}`,
          }))}
          data-testid="students-filter"
        />
        <Space wrap>
          <Button type="primary" disabled={!ids.length} onClick={() => void run(true)} data-testid="students-approve">
            {t('training.students.approve')}
          </Button>
          <Button danger disabled={!ids.length} onClick={() => setRejecting(true)} data-testid="students-reject">
            {t('training.students.reject')}
          </Button>
          <ExportButton path={STUDENT_EXPORT} params={{ classId: String(c.id) }} testId="students-export" />
        </Space>
      </Space>
      {c.pending > 0 && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('training.students.pendingHint', { n: c.pending })} />}
      <Table<Student>
        rowKey="userId"
        size="middle"
        loading={q.isFetching}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50 } : false}
        locale={{ emptyText: q.isError ? t('common.loadFailed') : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.students.none')} /> }}
        rowSelection={{ selectedRowKeys: picked, onChange: setPicked, getCheckboxProps: (s) => ({ disabled: s.state !== 'pending' }) }}
        columns={[
          {
            title: t('training.students.trainee'),
            key: 'who',
            render: (_: unknown, s) => (
              <span data-testid={`student-${s.loginCode}`}>
                {s.userName}（{s.loginCode}）
              </span>
            ),
          },
          { title: t('training.class.unit'), dataIndex: 'unitLabel' },
          {
            title: t('training.students.state'),
            key: 'state',
            render: (_: unknown, s) => (
              <Space size={4} data-testid={`student-state-${s.loginCode}`}>
                <EnrolTag state={s.state} />
                {s.state === 'waiting' && <Typography.Text type="secondary">{t('training.students.position', { n: s.position })}</Typography.Text>}
              </Space>
            ),
          },
          { title: t('training.students.queuedAt'), dataIndex: 'queuedAt', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
          { title: t('training.students.attended'), dataIndex: 'attended', render: (v: number) => t('training.students.attendedValue', { n: v, of: c.sessions }) },
          { title: t('training.students.reason'), dataIndex: 'reason', render: (v: string) => v || '' },
        ]}
      />
      <Modal
        open={rejecting}
        title={t('training.students.rejectReason')}
        onCancel={() => setRejecting(false)}
        okButtonProps={{ danger: true, disabled: !reason.trim(), 'data-testid': 'students-reject-ok' } as ButtonProps}
        onOk={() => void run(false, reason.trim())}
      >
        <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} rows={3} autoFocus data-testid="students-reject-reason" />
      </Modal>
    </>
  );
}

/* ---------- sessions ---------- */

function SessionsTab({ c, onSheet }: { c: Detail; onSheet(id: number): void }) {
  const q = useSessions(c.id);
  const del = useDeleteSession(c.id);
  const { confirmDanger, holder } = useConfirmDanger();
  const [view, setView] = useState<'list' | 'week'>('list');
  const [editing, setEditing] = useState<{ row?: Session } | null>(null);
  const sessions = q.data ?? [];
  const first = sessions.find((s) => dayjs(s.endsAt).isAfter(dayjs())) ?? sessions[0];
  const week = useWeek(first ? dayjs(first.startsAt) : undefined);
  const fixed = c.state === 'closed' || c.state === 'archived';
  return (
    <>
      {holder}
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Segmented
          value={view}
          onChange={(v) => {
            setView(v as 'list' | 'week');
            if (v === 'week' && first) week.go(dayjs(first.startsAt));
          }}
          options={[
            { value: 'list', label: t('training.sessions.list') },
            { value: 'week', label: <span data-testid="sessions-week">{t('training.sessions.week')}</span> },
          ]}
        />
        <Space wrap>
          {!fixed && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="session-add">
              {t('training.sessions.add')}
            </Button>
          )}
          <ExportButton path={SCHEDULE_EXPORT} params={{ classId: String(c.id) }} testId="sessions-export" />
        </Space>
      </Space>
      {c.state === 'draft' && !sessions.length && !q.isLoading && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('training.sessions.needOne')} />}
      {view === 'week' ? (
        <WeekView week={week} sessions={sessions} onOpen={(s) => onSheet(s.id)} testId="class-week" />
      ) : (
        <Table<Session>
          rowKey="id"
          size="middle"
          loading={q.isFetching}
          dataSource={sessions}
          pagination={false}
          locale={{ emptyText: q.isError ? t('common.loadFailed') : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.sessions.none')} /> }}
          columns={[
            { title: t('training.sessions.title'), key: 'title', render: (_: unknown, s) => <span data-testid={`session-row-${s.id}`}>{s.title || s.courseName}</span> },
            { title: t('training.sessions.time'), key: 'time', render: (_: unknown, s) => <span style={{ whiteSpace: 'nowrap' }}>{timeRange(s)}</span> },
            { title: t('training.sessions.course'), dataIndex: 'courseName' },
            { title: t('training.sessions.lecturer'), dataIndex: 'lecturerName', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span> },
            { title: t('training.sessions.room'), key: 'room', render: (_: unknown, s) => s.room || s.link },
            { title: t('training.sessions.signed'), key: 'signed', render: (_: unknown, s) => `${s.signed} / ${c.enrolled}` },
            {
              title: t('list.actions'),
              key: 'actions',
              render: (_: unknown, s) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => onSheet(s.id)} data-testid={`session-sheet-${s.id}`}>
                    {t('training.sessions.sheet')}
                  </Button>
                  {!fixed && (
                    <Button type="link" size="small" onClick={() => setEditing({ row: s })} data-testid={`session-edit-${s.id}`}>
                      {t('list.edit')}
                    </Button>
                  )}
                  {!fixed && s.signed === 0 && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => confirmDanger(() => del.mutateAsync(s.id).then(() => toast('success', t('msg.operationSuccessful')), shownByClient))}
                      data-testid={`session-delete-${s.id}`}
                    >
                      {t('list.delete')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <SessionDialog c={c} target={editing} onClose={() => setEditing(null)} />
    </>
  );
}

interface SessionValues {
  title?: string;
  courseId?: number;
  lecturerId?: number;
  day: Dayjs;
  time: [Dayjs, Dayjs];
  room?: string;
  link?: string;
  lat?: number;
  lng?: number;
  radiusM?: number;
}

/** A session's form: a lecturer or a room already taken then is refused and the reason shown in the dialog; trainees
 * who have another class then are warnings shown after saving. */
function SessionDialog({ c, target, onClose }: { c: Detail; target: { row?: Session } | null; onClose(): void }) {
  const [form] = Form.useForm<SessionValues>();
  const save = useSaveSession(c.id);
  const options = useLecturerOptions();
  const [conflict, setConflict] = useState<string>();
  const [warnings, setWarnings] = useState<string[]>([]);
  const row = target?.row;
  const lecturers = useMemo(() => {
    const own = new Set(c.lecturers.map((l) => l.id));
    return [...(options.data ?? [])].sort((a, b) => Number(own.has(b.id)) - Number(own.has(a.id)));
  }, [options.data, c.lecturers]);
  const submit = async (v: SessionValues) => {
    const at = (x: Dayjs) => v.day.hour(x.hour()).minute(x.minute()).format('YYYY-MM-DD HH:mm');
    const body: SessionForm = {
      id: row?.id,
      ...(row ? {} : { classId: c.id }),
      title: v.title?.trim() ?? '',
      ...(v.courseId ? { courseId: v.courseId } : {}),
      ...(v.lecturerId ? { lecturerId: v.lecturerId } : {}),
      startsAt: at(v.time[0]),
      endsAt: at(v.time[1]),
      room: v.room?.trim() ?? '',
      link: v.link?.trim() ?? '',
      lat: v.lat ?? 0,
      lng: v.lng ?? 0,
      radiusM: v.radiusM ?? 0,
    };
    setConflict(undefined);
    try {
      const out = await save.mutateAsync(body);
      setWarnings(out.warnings ?? []);
    } catch (e) {
      setConflict(e instanceof ApiError || e instanceof Error ? e.message : t('msg.operationException'));
      throw e;
    }
  };
  return (
    <>
      <FormModal<SessionValues>
        form={form}
        target={target}
        title={t(row ? 'training.sessions.edit' : 'training.sessions.add')}
        values={() => {
          setConflict(undefined);
          return row
            ? {
                title: row.title,
                courseId: row.courseId || undefined,
                lecturerId: row.lecturerId || undefined,
                day: dayjs(row.startsAt),
                time: [dayjs(row.startsAt), dayjs(row.endsAt)],
                room: row.room,
                link: row.link,
                lat: row.lat || undefined,
                lng: row.lng || undefined,
                radiusM: row.radiusM || undefined,
              }
            : { room: c.place, link: c.meetingLink, lecturerId: c.lecturers[0]?.id, courseId: c.courses[0]?.id };
        }}
        save={submit}
        onClose={onClose}
        onSaved={onClose}
        width={640}
        okTestId="session-ok"
        testId="session-form"
      >
        {conflict && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('training.sessions.refused')} description={conflict} data-testid="session-conflict" />}
        <Form.Item name="title" label={t('training.sessions.title')}>
          <Input maxLength={100} data-testid="session-title" />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Item name="day" label={t('training.sessions.day')} rules={[{ required: true, message: t('training.sessions.dayRequired') }]}>
            <DatePicker style={{ width: '100%' }} data-testid="session-day" />
          </Form.Item>
          <Form.Item name="time" label={t('training.sessions.time')} rules={[{ required: true, message: t('training.sessions.timeRequired') }]}>
            <TimePicker.RangePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} data-testid="session-time" />
          </Form.Item>
          <Form.Item name="courseId" label={t('training.sessions.course')}>
            <Select allowClear options={c.courses.map((x) => ({ value: x.id, label: x.name }))} notFoundContent={t('training.sessions.noCourses')} data-testid="session-course" />
          </Form.Item>
          <Form.Item name="lecturerId" label={t('training.sessions.lecturer')}>
            <Select allowClear showSearch optionFilterProp="label" options={lecturers.map((l) => ({ value: l.id, label: l.name }))} data-testid="session-lecturer" />
          </Form.Item>
          <Form.Item name="room" label={t('training.sessions.room')}>
            <Input maxLength={100} data-testid="session-room" />
          </Form.Item>
          <Form.Item name="link" label={t('training.sessions.link')}>
            <Input maxLength={500} placeholder="https://" />
          </Form.Item>
        </div>
        <Typography.Text type="secondary">{t('training.sessions.positionHint')}</Typography.Text>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', columnGap: 16, marginTop: 8 }}>
          <Form.Item name="lat" label={t('training.sessions.lat')}>
            <InputNumber min={-90} max={90} step={0.0001} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="lng" label={t('training.sessions.lng')}>
            <InputNumber min={-180} max={180} step={0.0001} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="radiusM" label={t('training.sessions.radius')}>
            <InputNumber min={0} max={5000} precision={0} addonAfter="m" style={{ width: '100%' }} />
          </Form.Item>
        </div>
      </FormModal>
      <Modal
        open={warnings.length > 0}
        title={t('training.sessions.warnings')}
        onOk={() => setWarnings([])}
        onCancel={() => setWarnings([])}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert type="warning" showIcon message={t('training.sessions.warningsHint')} style={{ marginBottom: 12 }} />
        <ul data-testid="session-warnings">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </Modal>
    </>
  );
}

/* ---------- sign-in ---------- */

function SignInTab({ c, chosen, onChoose }: { c: Detail; chosen?: number; onChoose(id: number): void }) {
  const sessions = useSessions(c.id);
  const list = sessions.data ?? [];
  // the session chosen, else the one on now or next, else the last
  const now = dayjs();
  const fallback = list.find((s) => dayjs(s.endsAt).isAfter(now.subtract(30, 'minute'))) ?? list[list.length - 1];
  const sessionId = chosen ?? fallback?.id;
  const sheet = useSheet(c.id, sessionId);
  const correct = useCorrect(c.id);
  const [fixing, setFixing] = useState<SheetRow | null>(null);
  const [state, setState] = useState<'present' | 'late' | 'absent'>('present');
  const [reason, setReason] = useState('');
  const [showQr, setShowQr] = useState(false);
  if (!sessions.isLoading && !list.length) return <Empty description={t('training.sessions.none')} />;
  const s = sheet.data;
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Space wrap>
          <Select
            style={{ minWidth: 340 }}
            value={sessionId}
            onChange={onChoose}
            options={list.map((x) => ({ value: x.id, label: `${x.title || x.courseName} · ${timeRange(x)}` }))}
            data-testid="signin-session"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void sheet.refetch()} aria-label={t('training.signin.refresh')} />
        </Space>
        <Space wrap>
          <Button type="primary" icon={<QrcodeOutlined />} disabled={!sessionId} onClick={() => setShowQr(true)} data-testid="signin-qr">
            {t('training.signin.showQr')}
          </Button>
          <ExportButton path={SIGNIN_EXPORT} params={{ classId: String(c.id) }} testId="signin-export" />
        </Space>
      </Space>
      {s && (
        <Space wrap style={{ marginBottom: 12 }} data-testid="signin-counts">
          <Tag color="green">{t('training.sign.present')} {s.present}</Tag>
          <Tag color="orange">{t('training.sign.late')} {s.late}</Tag>
          <Tag color="red">{t('training.sign.absent')} {s.absent}</Tag>
          <Typography.Text type="secondary">
            {t(s.open ? 'training.signin.windowOpen' : 'training.signin.window', { from: dayjs(s.opens).format('MM-DD HH:mm'), to: dayjs(s.closes).format('HH:mm') })}
          </Typography.Text>
        </Space>
      )}
      <Table<SheetRow>
        rowKey="userId"
        size="middle"
        loading={sheet.isFetching}
        dataSource={s?.rows ?? []}
        pagination={(s?.rows.length ?? 0) > 50 ? { pageSize: 50 } : false}
        locale={{ emptyText: sheet.isError ? t('common.loadFailed') : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.signin.none')} /> }}
        columns={[
          { title: t('training.students.trainee'), key: 'who', render: (_: unknown, r) => `${r.userName}（${r.loginCode}）` },
          { title: t('training.class.unit'), dataIndex: 'unitLabel' },
          { title: t('training.signin.state'), key: 'state', render: (_: unknown, r) => <span data-testid={`sheet-state-${r.loginCode}`}><SignTag state={r.state} /></span> },
          { title: t('training.signin.at'), dataIndex: 'signedAt', render: (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm:ss') : '') },
          { title: t('training.signin.method'), dataIndex: 'method', render: (v: string) => (v ? t(`training.method.${v as 'qr' | 'manual'}`) : '') },
          { title: t('training.students.reason'), dataIndex: 'reason' },
          {
            title: t('list.actions'),
            key: 'fix',
            render: (_: unknown, r) => (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setFixing(r);
                  setState(r.state === 'late' ? 'late' : r.state === 'present' ? 'absent' : 'present');
                  setReason('');
                }}
                data-testid={`sheet-fix-${r.loginCode}`}
              >
                {t('training.signin.correct')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!fixing}
        title={fixing ? t('training.signin.correctTitle', { name: fixing.userName }) : ''}
        onCancel={() => setFixing(null)}
        okButtonProps={{ disabled: !reason.trim(), 'data-testid': 'sheet-fix-ok' } as ButtonProps}
        onOk={() =>
          fixing &&
          sessionId &&
          void correct.mutateAsync({ sessionId, userId: fixing.userId, state, reason: reason.trim() }).then(() => {
            toast('success', t('msg.operationSuccessful'));
            setFixing(null);
          }, shownByClient)
        }
      >
        <Form layout="vertical">
          <Form.Item label={t('training.signin.state')} required>
            <Radio.Group value={state} onChange={(e) => setState(e.target.value)} optionType="button" options={SIGN_STATES.map((x) => ({ value: x, label: t(`training.sign.${x}`) }))} />
          </Form.Item>
          <Form.Item label={t('training.students.reason')} required extra={t('training.signin.reasonHint')}>
            <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} rows={3} data-testid="sheet-fix-reason" />
          </Form.Item>
        </Form>
      </Modal>
      {showQr && sessionId && (
        <Suspense fallback={null}>
          <QrScreen sessionId={sessionId} className={c.name} title={list.find((x) => x.id === sessionId)?.title ?? ''} onClose={() => { setShowQr(false); void sheet.refetch(); }} />
        </Suspense>
      )}
    </>
  );
}
