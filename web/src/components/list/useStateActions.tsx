import { Button, Space, Switch } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, StopOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import { shownByClient } from '../../api/hooks/useWrite';
import { t, type MessageKey } from '../../i18n';
import { requireTicked, useConfirmDanger } from './guards';
import type { SearchField } from './SearchCard';
import type { ListColumn } from './TableCard';
import type { ListController } from './useList';

/** The search field of the state: available (1) or disabled (0). */
export const stateField: SearchField = {
  names: ['state'],
  labelKey: 'user.state',
  kind: 'select',
  options: [
    { value: '1', labelKey: 'user.state.available' },
    { value: '0', labelKey: 'user.state.disabled' },
  ],
};

/** The calls behind a list of records that are enabled (state 1) or disabled (state 0) and deleted. */
export interface StateCalls {
  changeState(ids: number[], state: 0 | 1): Promise<unknown>;
  remove(ids: number[]): Promise<unknown>;
}

interface Options<T> {
  /** prefix of the batch buttons' data-testid: `${prefix}-enable`, `-disable`, `-delete` */
  prefix: string;
  /** data-testid of a row's switch */
  switchTestId(row: T): string;
  /** rows whose switch is off limits (the signed-in account) */
  locked?(row: T): boolean;
  /** the state column's title (default: the user list's 'State') */
  titleKey?: MessageKey;
}

/**
 * Enable, disable and delete for a list screen (user management, external organisations and users): the state
 * switch of a row, the batch buttons for the ticked rows ('Please tick the items to delete first' when none is),
 * 'This operation cannot be undone, continue?' before a delete, 'Operation successful' and a reload after.
 * Render `holder` once in the page.
 */
export function useStateActions<T extends { id: number; state: number }>(list: ListController<T>, calls: StateCalls, opts: Options<T>) {
  const { confirmDanger, holder } = useConfirmDanger();
  const done = () => {
    toast('success', t('msg.operationSuccessful'));
    list.reload();
  };
  const setState = (ids: number[], state: 0 | 1) => calls.changeState(ids, state).then(done, () => list.reload());
  const remove = (ids: number[]) => confirmDanger(() => calls.remove(ids).then(done, shownByClient));
  const ticked = () => list.selectedKeys.map(Number);

  const batchButtons = (
    <>
      <Button icon={<CheckCircleOutlined />} onClick={() => requireTicked(list.selectedKeys) && void setState(ticked(), 1)} data-testid={`${opts.prefix}-enable`}>
        {t('user.enable')}
      </Button>
      <Button icon={<StopOutlined />} onClick={() => requireTicked(list.selectedKeys) && void setState(ticked(), 0)} data-testid={`${opts.prefix}-disable`}>
        {t('user.disable')}
      </Button>
      <Button danger icon={<DeleteOutlined />} onClick={() => requireTicked(list.selectedKeys, true) && remove(ticked())} data-testid={`${opts.prefix}-delete`}>
        {t('user.delete')}
      </Button>
    </>
  );

  const stateColumn: ListColumn<T> = {
    titleKey: opts.titleKey ?? 'user.state',
    dataIndex: 'state',
    sortKey: 'state',
    render: (v: number, row) => (
      <Space size={6}>
        <Switch
          size="small"
          checked={v !== 0}
          disabled={opts.locked?.(row)}
          data-testid={opts.switchTestId(row)}
          onChange={(on) => void setState([row.id], on ? 1 : 0)}
        />
        <span>{v === 0 ? t('user.state.disabled') : t('user.state.available')}</span>
      </Space>
    ),
  };

  return { holder, done, setState, remove, batchButtons, stateColumn };
}
