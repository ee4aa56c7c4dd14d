import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { updatePwd } from '../api/auth';
import { toast, toastSuccess } from '../api/client';
import type { UpdatePwdParams } from '../api/types';
import { useI18n } from '../i18n';
import { updateSession } from '../lib/session';
import { isValidPassword, PASSWORD_MAX } from '../lib/validate';

interface Props {
  open: boolean;
  /** updatePwd = 1: cannot be dismissed until the password is changed */
  forced: boolean;
  onClose: () => void;
}

/** Change-password dialog (spec section 5). */
export default function ChangePasswordDialog({ open, forced, onClose }: Props) {
  const { t } = useI18n();
  const [form] = Form.useForm<UpdatePwdParams>();
  const [saving, setSaving] = useState(false);
  const max = { max: PASSWORD_MAX, message: t('pwd.rule') };

  const submit = async (values: UpdatePwdParams) => {
    setSaving(true);
    try {
      await updatePwd(values);
      updateSession({ updatePwd: 0 });
      form.resetFields();
      toastSuccess();
      onClose();
    } catch {
      /* the client already showed the server's message */
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    if (forced) return;
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('pwd.title')}
      footer={null}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      onCancel={close}
      forceRender
      width={440}
    >
      {forced && <Alert type="info" showIcon title={t('pwd.forcedHint')} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        requiredMark
        onFinish={submit}
        onFinishFailed={() => toast('warning', t('msg.formIncomplete'))}
      >
        <Form.Item label={t('pwd.old')} name="oldPassword" rules={[{ required: true, message: t('pwd.oldRequired') }, max]}>
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="current-password" data-testid="pwd-old" />
        </Form.Item>
        <Form.Item
          label={t('pwd.new')}
          name="newPassword"
          rules={[
            { required: true, message: t('pwd.newRequired') },
            {
              validator: (_, v: string | undefined) =>
                !v || isValidPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('pwd.rule'))),
            },
          ]}
        >
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" placeholder={t('pwd.hint')} data-testid="pwd-new" />
        </Form.Item>
        <Form.Item
          label={t('pwd.repeat')}
          name="replacePassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('pwd.repeatRequired') },
            max,
            ({ getFieldValue }) => ({
              validator: (_, v: string | undefined) =>
                !v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('pwd.mismatch'))),
            }),
          ]}
        >
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" data-testid="pwd-repeat" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
          {!forced && (
            <Button onClick={close} style={{ marginRight: 8 }}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="primary" htmlType="submit" loading={saving} data-testid="pwd-submit">
            {t('pwd.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Modal>
  );
}
