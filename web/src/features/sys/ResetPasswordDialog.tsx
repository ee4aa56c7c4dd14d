import { Alert, Form, Input, Modal } from 'antd';
import { resetUserPassword, type SysUser } from '../../api/admin';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { useI18n } from '../../i18n';
import { isValidPassword, PASSWORD_MAX } from '../../lib/validate';

interface Props {
  user?: SysUser;
  onClose(): void;
  /** the call that sets it: user management's by default, the external users' on theirs */
  reset?: (id: number, password: string) => Promise<unknown>;
}

/** An administrator sets a new password; the user must change it at next sign-in and is signed out now. */
export default function ResetPasswordDialog({ user, onClose, reset = resetUserPassword }: Props) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ password: string }>();
  const { submit, saving } = useFormSubmit<{ password: string }>(
    form,
    async (v) => {
      await reset(user!.id, v.password);
    },
    onClose,
  );
  return (
    <Modal
      open={!!user}
      title={user ? t('user.resetPwdTitle', { name: `${user.userName}(${user.loginCode})` }) : ''}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      data-testid="reset-dialog"
    >
      <Alert type="info" showIcon title={t('user.resetHint')} style={{ margin: '16px 0' }} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('user.newPassword')}
          rules={[
            { required: true, message: t('pwd.newRequired') },
            { validator: (_, v?: string) => (!v || isValidPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('pwd.rule')))) },
          ]}
        >
          <Input.Password data-testid="reset-password" maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
