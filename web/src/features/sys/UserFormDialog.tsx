import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { addUser, allRoles, editUser, type RoleSummary, type SysUser } from '../../api/admin';
import { OrgPickerInput } from '../../components/picker';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { useI18n } from '../../i18n';
import { isEmail, isLoginCode, isMobile, isValidPassword, PASSWORD_MAX, USER_NAME_MAX } from '../../lib/validate';

interface Values {
  loginCode: string;
  userName: string;
  unitCode: string;
  phone?: string;
  email?: string;
  password?: string;
  roleIds: number[];
}

interface Props {
  /** the user to edit; undefined to add one */
  user?: SysUser;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}

/** Add or edit a staff account; the same rules as the server (shared test vectors). */
export default function UserFormDialog({ user, open, onClose, onSaved }: Props) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const [roles, setRoles] = useState<RoleSummary[]>([]);

  useEffect(() => {
    if (!open) return;
    allRoles().then(setRoles, () => setRoles([]));
    form.resetFields();
    if (user) {
      form.setFieldsValue({
        loginCode: user.loginCode,
        userName: user.userName,
        unitCode: user.unitCode,
        phone: user.phone,
        email: user.email,
        roleIds: user.roles.map((r) => r.id),
      });
    }
  }, [open, user, form]);

  const rule = (ok: (v: string) => boolean, message: string) => ({
    validator: (_: unknown, v?: string) => (!v || ok(v) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

  const { submit, saving } = useFormSubmit<Values>(
    form,
    async (v) => {
      const body = { ...v, phone: v.phone ?? '', email: v.email ?? '', roleIds: v.roleIds ?? [] };
      if (user) await editUser({ ...body, id: user.id });
      else await addUser(body);
    },
    onSaved,
  );

  return (
    <Modal
      open={open}
      title={user ? t('user.editTitle') : t('user.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      width={560}
      destroyOnHidden
      data-testid="user-dialog"
    >
      <Form form={form} layout="horizontal" labelCol={{ flex: '96px' }} style={{ marginTop: 16 }} initialValues={{ roleIds: [] }}>
        <Form.Item
          name="loginCode"
          label={t('user.loginCode')}
          rules={[{ required: true, whitespace: true, message: t('user.loginCodeRequired') }, rule(isLoginCode, t('user.loginCodeRule'))]}
        >
          <Input data-testid="user-loginCode" maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="userName"
          label={t('user.userName')}
          rules={[
            { required: true, whitespace: true, message: t('user.nameRequired') },
            { max: USER_NAME_MAX, message: t('user.nameTooLong', { n: USER_NAME_MAX }) },
          ]}
        >
          <Input data-testid="user-userName" />
        </Form.Item>
        <Form.Item name="unitCode" label={t('user.unit')} rules={[{ required: true, message: t('user.unitRequired') }]}>
          <OrgPickerInput testId="user-unit" label={user?.unitName} placeholder={t('user.unitPlaceholder')} title={t('user.unitRequired')} />
        </Form.Item>
        <Form.Item name="phone" label={t('user.phone')} rules={[rule(isMobile, t('user.phoneRule'))]}>
          <Input data-testid="user-phone" maxLength={11} />
        </Form.Item>
        <Form.Item name="email" label={t('user.email')} rules={[rule(isEmail, t('user.emailRule'))]}>
          <Input data-testid="user-email" maxLength={100} />
        </Form.Item>
        {!user && (
          <Form.Item
            name="password"
            label={t('user.password')}
            extra={t('user.passwordHint')}
            rules={[{ required: true, message: t('pwd.newRequired') }, rule(isValidPassword, t('pwd.rule'))]}
          >
            <Input.Password data-testid="user-password" maxLength={PASSWORD_MAX} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="roleIds" label={t('user.roles')}>
          <Select
            mode="multiple"
            data-testid="user-roles"
            placeholder={t('user.rolesPlaceholder')}
            options={roles.map((r) => ({ value: r.id, label: r.name }))}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

