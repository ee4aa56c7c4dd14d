import { useEffect, useRef } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { toastCancelled } from '../../api/client';
import { t } from '../../i18n';

/** The confirm prompt of useConfirmDanger (guards.tsx), loaded with the first one: antd's confirm dialog, opened once. */
export default function DangerPrompt({ onOk, onClosed }: { onOk: () => Promise<unknown> | void; onClosed: () => void }) {
  const [modal, holder] = Modal.useModal();
  // StrictMode runs effects twice in development: the prompt opens once.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    modal.confirm({
      title: t('msg.confirmIrreversible'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk,
      onCancel: toastCancelled,
      afterClose: onClosed,
    });
  }, [modal, onOk, onClosed]);
  return holder;
}
