import type { Key } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { toast } from '../../api/client';
import { t } from '../../i18n';

/** Warns when a batch action is started with nothing ticked; returns whether anything is ticked. */
export function requireTicked(keys: Key[], forDelete = false): boolean {
  if (keys.length > 0) return true;
  toast('warning', t(forDelete ? 'msg.tickToDelete' : 'list.tickFirst'));
  return false;
}

/**
 * The confirm prompt before a delete or another destructive action: 'This operation cannot be undone, continue?'.
 * Render `holder` once in the page.
 */
export function useConfirmDanger() {
  const [modal, holder] = Modal.useModal();
  const confirmDanger = (onOk: () => Promise<unknown> | void) =>
    modal.confirm({
      title: t('msg.confirmIrreversible'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk,
    });
  return { confirmDanger, holder };
}
