import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, List, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, FilePdfOutlined, PlayCircleOutlined } from '@ant-design/icons';
import {
  forgetsword,
  learnerCourse,
  learnerCourses,
  learnerLogin,
  learnerSig,
  outLogin,
  sendYzm,
  updateLoginDate,
  type Courseware,
  type LearnerCourse,
  type PushItem,
} from '../../api/learner';
import { clearH5Session, useH5User } from '../../lib/h5Session';
import { isValidPassword, PASSWORD_MAX } from '../../lib/validate';
import { useI18n } from '../../i18n';
import styles from './learner.module.css';

/**
 * /h5Course: the learner page of the mobile plug-in, phone-width, on the curriculum-user API only (its own sign-in,
 * h5Token). Signed out: sign-in, or 'forgot password' with a code. Signed in: the pushed courses; a course opens
 * its courseware (a PDF in a new tab, a video in place) through short-lived signed addresses.
 */
export default function LearnerPage() {
  const user = useH5User();
  return <div className={styles.phone}>{user ? <SignedIn name={user.userName} /> : <SignIn />}</div>;
}

function SignIn() {
  const { t } = useI18n();
  const [forgot, setForgot] = useState(false);
  const [busy, setBusy] = useState(false);
  if (forgot) return <Forgot onDone={() => setForgot(false)} />;
  const submit = async (v: { LoginCode: string; PassWord: string }) => {
    setBusy(true);
    try {
      await learnerLogin(v.LoginCode.trim(), v.PassWord);
    } catch {
      // the client showed the message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('h5.title')} data-testid="h5-login">
      <Form layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="LoginCode" label={t('login.loginCode')} rules={[{ required: true, message: t('login.loginCodeRequired') }]}>
          <Input autoComplete="username" data-testid="h5-login-code" />
        </Form.Item>
        <Form.Item name="PassWord" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password autoComplete="current-password" data-testid="h5-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="h5-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <Button type="link" onClick={() => setForgot(true)} data-testid="h5-forgot">
        {t('login.forgot.link')}
      </Button>
    </Card>
  );
}

function Forgot({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm();
  const [wait, setWait] = useState(0);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const id = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(id);
  }, [wait]);
  const send = async () => {
    const code = String(form.getFieldValue('LoginCode') ?? '').trim();
    if (!code) {
      void form.validateFields(['LoginCode']);
      return;
    }
    try {
      const sent = await sendYzm(code);
      setWait(sent.resendIn);
    } catch {
      // shown by the client
    }
  };
  const submit = async (v: { LoginCode: string; yzm: string; newPassword: string; replacePassword: string }) => {
    try {
      await forgetsword({ ...v, LoginCode: v.LoginCode.trim() });
      setDone(true);
    } catch {
      // shown by the client
    }
  };
  return (
    <Card title={t('login.forgot.link')} data-testid="h5-forgot-form">
      {done && <Alert type="success" showIcon message={t('login.forgot.done')} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="LoginCode" label={t('login.loginCode')} rules={[{ required: true, message: t('login.loginCodeRequired') }]}>
          <Input />
        </Form.Item>
        <Form.Item label={t('login.forgot.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="yzm" noStyle rules={[{ required: true, message: t('login.forgot.codeRequired') }]}>
              <Input inputMode="numeric" maxLength={6} />
            </Form.Item>
            <Button disabled={wait > 0} onClick={() => void send()}>
              {wait > 0 ? t('login.forgot.resendIn', { n: wait }) : t('login.forgot.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="newPassword" label={t('login.forgot.new')} rules={[
            { required: true, message: t('login.forgot.newRequired') },
            { validator: (_, v: string) => (!v || isValidPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('login.forgot.rule')))) },
          ]}>
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Form.Item
          name="replacePassword"
          label={t('login.forgot.repeat')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('login.forgot.repeatRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v) => (v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('login.forgot.mismatch')))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          {t('login.forgot.submit')}
        </Button>
      </Form>
      <Button type="link" onClick={onDone}>
        {t('login.forgot.back')}
      </Button>
    </Card>
  );
}

function SignedIn({ name }: { name: string }) {
  const { t } = useI18n();
  const [items, setItems] = useState<PushItem[] | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    updateLoginDate()
      .then(() => learnerCourses())
      .then((list) => live && setItems(list))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, []);
  const signOut = async () => {
    try {
      await outLogin();
    } finally {
      clearH5Session();
    }
  };
  return (
    <>
      <div className={styles.bar}>
        <Typography.Text strong>{name}</Typography.Text>
        <Button size="small" onClick={() => void signOut()} data-testid="h5-sign-out">
          {t('h5.signOut')}
        </Button>
      </div>
      {open ? (
        <CourseView id={open} onBack={() => setOpen(null)} />
      ) : !items ? (
        <Spin />
      ) : (
        <List
          header={t('h5.myCourses')}
          dataSource={items.filter((i) => i.name)}
          locale={{ emptyText: <Empty description={t('h5.none')} /> }}
          renderItem={(i) => (
            <List.Item
              className={styles.item}
              onClick={() => (i.type === '1' ? setOpen(i.id) : undefined)}
              data-testid={`h5-course-${i.id}`}
            >
              <List.Item.Meta avatar={i.cover ? <img src={i.cover} alt="" className={styles.cover} /> : undefined} title={i.name} />
            </List.Item>
          )}
        />
      )}
    </>
  );
}

function CourseView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useI18n();
  const [course, setCourse] = useState<LearnerCourse | null>(null);
  const [video, setVideo] = useState<string | null>(null);
  useEffect(() => {
    learnerCourse(id).then(setCourse, () => onBack());
  }, [id, onBack]);
  const openWare = async (w: Courseware) => {
    const sig = await learnerSig(w.id);
    if (w.kind === 'video') setVideo(sig.url);
    else window.open(sig.url, '_blank', 'noopener');
  };
  if (!course) return <Spin />;
  return (
    <div data-testid="h5-course">
      <Button icon={<ArrowLeftOutlined />} onClick={onBack} size="small" style={{ marginBottom: 12 }}>
        {t('h5.back')}
      </Button>
      <Typography.Title level={4}>{course.name}</Typography.Title>
      {course.description && <Typography.Paragraph>{course.description}</Typography.Paragraph>}
      {video && <video src={video} controls className={styles.video} data-testid="h5-video" />}
      <List
        header={t('h5.courseware')}
        dataSource={course.coursewares}
        locale={{ emptyText: <Empty description={t('h5.noCourseware')} /> }}
        renderItem={(w) => (
          <List.Item className={styles.item} onClick={() => void openWare(w)} data-testid={`h5-ware-${w.id}`}>
            <Space>
              {w.kind === 'video' ? <PlayCircleOutlined /> : <FilePdfOutlined />}
              {w.name}
            </Space>
          </List.Item>
        )}
      />
    </div>
  );
}
