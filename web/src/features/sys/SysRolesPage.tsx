import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { addRole, deleteRole, editRole, EXPORTS, listRoles, type Role } from '../../api/admin';
import { toast } from '../../api/client';
import { shownByClient } from '../../api/hooks/useWrite';
import ExportButton from '../../components/list/ExportButton';
import ListView from '../../components/list/ListView';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useConfirmDanger } from '../../components/list/guards';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';

/** /sysroles, described as data: search by name or code; add, edit, delete; the 'user roles' export. */
const fields: SearchField[] = [
  { names: ['name'], labelKey: 'role.name', kind: 'text' },
  { names: ['code'], labelKey: 'role.code', kind: 'text' },
];

const NAME_MAX = 50;
const REMARK_MAX = 200;
const CODE_RE = /^[A-Za-z][A-Za-z0-9_]{1,31}$/;

export default function SysRolesPage() {
  useI18n();
  const list = useList(fields, listRoles, { key: ['listRoles'] });
  const { confirmDanger, holder } = useConfirmDanger();
  const [editing, setEditing] = useState<{ role?: Role } | null>(null);

  const remove = (r: Role) =>
    confirmDanger(() =>
      deleteRole(r.id).then(
        () => {
          toast('success', t('msg.operationSuccessful'));
          list.reload();
        },
        shownByClient,
      ),
    );

  const columns: ListColumn<Role>[] = [
    {
      titleKey: 'role.code',
      dataIndex: 'code',
      sortKey: 'code',
      render: (v: string, r) => (
        <>
          {v} {r.builtin && <Tag>{t('role.builtin')}</Tag>}
        </>
      ),
    },
    { titleKey: 'role.name', dataIndex: 'name', sortKey: 'name' },
    { titleKey: 'role.remark', dataIndex: 'remark' },
    { titleKey: 'role.memberCount', dataIndex: 'memberCount', sortKey: 'memberCount', align: 'right' },
    { titleKey: 'role.createdAt', dataIndex: 'createdAt', sortKey: 'createdAt', render: (v: string) => formatTime(v) },
    {
      titleKey: 'list.actions',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ role: r })} data-testid={`role-edit-${r.code}`}>
            {t('role.edit')}
          </Button>
          <Button type="link" size="small" danger disabled={r.builtin} onClick={() => remove(r)} data-testid={`role-delete-${r.code}`}>
            {t('role.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      {holder}
      <ListView
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        actions={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="role-add">
              {t('role.add')}
            </Button>
            <ExportButton path={EXPORTS.userRoles} params={{}} />
          </>
        }
      />
      <RoleFormDialog
        open={!!editing}
        role={editing?.role}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </>
  );
}

interface Values {
  code: string;
  name: string;
  remark?: string;
}

function RoleFormDialog({ open, role, onClose, onSaved }: { open: boolean; role?: Role; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (role) form.setFieldsValue({ code: role.code, name: role.name, remark: role.remark });
  }, [open, role, form]);

  const { submit, saving } = useFormSubmit<Values>(
    form,
    async (v) => {
      if (role) await editRole({ id: role.id, name: v.name, remark: v.remark ?? '' });
      else await addRole({ code: v.code, name: v.name, remark: v.remark ?? '' });
    },
    onSaved,
  );

  return (
    <Modal
      open={open}
      title={role ? t('role.editTitle') : t('role.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      width={520}
      destroyOnHidden
      data-testid="role-dialog"
    >
      <Form form={form} layout="horizontal" labelCol={{ flex: '96px' }} style={{ marginTop: 16 }}>
        <Form.Item
          name="code"
          label={t('role.code')}
          extra={role ? t('role.codeFixed') : undefined}
          rules={
            role
              ? []
              : [
                  { required: true, whitespace: true, message: t('role.codeRequired') },
                  { pattern: CODE_RE, message: t('role.codeRule') },
                ]
          }
        >
          <Input data-testid="role-code" disabled={!!role} maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('role.name')}
          rules={[
            { required: true, whitespace: true, message: t('role.nameRequired') },
            { max: NAME_MAX, message: t('role.nameTooLong', { n: NAME_MAX }) },
          ]}
        >
          <Input data-testid="role-name" />
        </Form.Item>
        <Form.Item name="remark" label={t('role.remark')} rules={[{ max: REMARK_MAX, message: t('role.remarkTooLong', { n: REMARK_MAX }) }]}>
          <Input.TextArea data-testid="role-remark" rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
