import { Button, Descriptions, Empty, Modal, Skeleton, Tag } from 'antd';
import { useUserInfo } from '../api/hooks/session';
import { useI18n } from '../i18n';

/** Personal info (GET /api/sys/user/info), loaded each time the dialog opens. */
export default function PersonalInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  // a failure has been toasted by the client; the dialog says so in place with a retry
  const query = useUserInfo(open);
  const info = query.data;
  const state = query.isError && !query.isFetching ? 'failed' : info && !query.isFetching ? 'done' : 'loading';

  const dash = (v?: string) => v || '—';
  return (
    <Modal
      open={open}
      title={t('info.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={520}
    >
      {state === 'loading' && <Skeleton active paragraph={{ rows: 5 }} />}
      {state === 'failed' && (
        <Empty description={t('msg.operationException')}>
          <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
        </Empty>
      )}
      {state === 'done' && info && (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'loginCode', label: t('info.loginCode'), children: dash(info.LoginCode) },
            { key: 'userName', label: t('info.userName'), children: dash(info.UserName) },
            { key: 'unitName', label: t('info.unitName'), children: dash(info.unitName) },
            { key: 'phone', label: t('info.phone'), children: dash(info.phone) },
            { key: 'email', label: t('info.email'), children: dash(info.email) },
            {
              key: 'roles',
              label: t('info.roles'),
              children: info.roles?.length ? info.roles.map((r) => <Tag key={r}>{r}</Tag>) : '—',
            },
            { key: 'lastLoginAt', label: t('info.lastLoginAt'), children: dash(info.lastLoginAt ? new Date(info.lastLoginAt).toLocaleString() : undefined) },
          ]}
        />
      )}
    </Modal>
  );
}
