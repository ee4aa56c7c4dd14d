import { useEffect, type ReactNode } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import type { SysUser } from '../../api/admin';
import { useAssignableRoles } from '../../api/hooks/admin';
import { staffAccounts } from './staffAccounts';
import { OrgPickerInput } from '../../components/picker';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { t as tr, useI18n, type MessageKey } from '../../i18n';
import { isEmail, isLoginCode, isMobile, isValidPassword, PASSWORD_MAX, USER_NAME_MAX } from '../../lib/validate';

export { staffAccounts };

export interface AccountValues {
  loginCode: string;
  userName: string;
  /** staff: the unit */
  unitCode?: string;
  /** external accounts: the organisation */
  extOrgId?: number;
  phone?: string;
  email?: string;
  password?: string;
  roleIds: number[];
}

type Values = AccountValues;

/** What differs between the kinds of account the dialog adds and edits: where one belongs, its roles, the calls. */
export interface AccountKind {
  addTitle: MessageKey;
  editTitle: MessageKey;
  /** the form item of where the account belongs (the unit, the organisation) */
  place(user?: SysUser): ReactNode;
  /** that item's value when editing */
  placeValues(user: SysUser): Partial<Values>;
  /** the roles the account may hold */
  roles(): Promise<{ id: number; name: string }[]>;
  add(values: Values): Promise<unknown>;
  edit(values: Values & { id: number }): Promise<unknown>;
}

/** The unit item of the staff account form (staffAccounts.place, loaded with this dialog). */
export function StaffUnitItem({ user }: { user?: SysUser }) {
  return (
    <Form.Item name="unitCode" label={tr('user.unit')} rules={[{ required: true, message: tr('user.unitRequired') }]}>
      <OrgPickerInput testId="user-unit" label={user?.unitName} placeholder={tr('user.unitPlaceholder')} title={tr('user.unitRequired')} />
    </Form.Item>
  );
}

interface Props {
  /** the user to edit; undefined to add one */
  user?: SysUser;
  open: boolean;
  onClose(): void;
  onSaved(): void;
  /** the kind of account (default: staff) */
  kind?: AccountKind;
}

const NO_ROLES: { id: number; name: string }[] = [];

/** Add or edit an account; the same rules as the server (shared test vectors). */
export default function UserFormDialog({ user, open, onClose, onSaved, kind = staffAccounts }: Props) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  // the roles are asked when the dialog opens; a failure (shown by the client) offers none
  const roles = useAssignableRoles(kind.addTitle, kind.roles, open).data ?? NO_ROLES;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user) {
      form.setFieldsValue({
        loginCode: user.loginCode,
        userName: user.userName,
        ...kind.placeValues(user),
        phone: user.phone,
        email: user.email,
        roleIds: user.roles.map((r) => r.id),
      });
    }
  }, [open, user, form, kind]);

  const rule = (ok: (v: string) => boolean, message: string) => ({
    validator: (_: unknown, v?: string) => (!v || ok(v) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

  const { submit, saving } = useFormSubmit<Values>(
    form,
    async (v) => {
      const body = { ...v, phone: v.phone ?? '', email: v.email ?? '', roleIds: v.roleIds ?? [] };
      if (user) await kind.edit({ ...body, id: user.id });
      else await kind.add(body);
    },
    onSaved,
  );

  return (
    <Modal
      open={open}
      title={user ? t(kind.editTitle) : t(kind.addTitle)}
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
        {kind.place(user)}
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
            rules={[{ required: true, message: t('user.passwordRequired') }, rule(isValidPassword, t('pwd.rule'))]}
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
