import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { useI18n } from '../i18n';

/** A blocking confirm prompt (loaded on demand: only the 'Login token invalid' path needs it for now). */
export default function ConfirmPrompt({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Modal
      open
      title={
        <span>
          <ExclamationCircleFilled style={{ color: '#faad14', marginRight: 8 }} />
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
  );
}
