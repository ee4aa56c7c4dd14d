import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { AntdProvider } from '../app/AntdRoot';
import { useI18n } from '../i18n';

/**
 * A blocking confirm prompt (loaded on demand: only the 'Login token invalid' path needs it for now). App.tsx mounts it
 * outside the antd screens, so it brings antd's configuration along.
 */
export default function ConfirmPrompt({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <AntdProvider>
      <Modal
        open
        title={
          <span>
            <ExclamationCircleFilled style={{ color: 'var(--bd-color-warning)', marginRight: 8 }} />
            {text}
          </span>
        }
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onOk={onClose}
        onCancel={onClose}
        width={400}
        data-testid="confirm-prompt"
      />
    </AntdProvider>
  );
}
