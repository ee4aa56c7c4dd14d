/** What the business and exception log pages share: who/when/where columns, the detail action and dialog. */
import { useState, type ReactNode } from 'react';
import { Button, Modal, Spin, Typography } from 'antd';
import type { ListColumn } from '../../components/list/TableCard';
import { hasMessage, t, type MessageKey } from '../../i18n';
import { formatTime } from '../../lib/format';

interface LogRow {
  id: number;
  createdAt: string;
  loginCode: string;
  userName: string;
  ip: string;
  requestId: string;
}

/** A code's text from the catalogue (prefix.code), or the code itself when there is none. */
export const codeLabel = (prefix: string, code: string) => {
  const key = `${prefix}.${code}`;
  return hasMessage(key) ? t(key as MessageKey) : code;
};

/** The request id, copyable: the user quotes it, the administrator searches by it. */
export const RequestId = ({ id }: { id: string }) =>
  id ? (
    <Typography.Text code copyable={{ text: id }} style={{ whiteSpace: 'nowrap' }}>
      {id}
    </Typography.Text>
  ) : null;

/** Login code with the name under it. */
export const UserCell = ({ loginCode, userName }: { loginCode: string; userName: string }) =>
  loginCode || userName ? (
    <span style={{ whiteSpace: 'nowrap' }}>
      {loginCode}
      {userName && <Typography.Text type="secondary"> {userName}</Typography.Text>}
    </span>
  ) : (
    <Typography.Text type="secondary">-</Typography.Text>
  );

export const timeColumn = <T extends LogRow>(): ListColumn<T> => ({
  titleKey: 'log.time',
  dataIndex: 'createdAt',
  sortKey: 'createdAt',
  render: (v: string) => formatTime(v),
  width: 170,
  fixed: 'left',
});

export const userColumn = <T extends LogRow>(): ListColumn<T> => ({
  titleKey: 'log.user',
  key: 'user',
  render: (_: unknown, r) => <UserCell loginCode={r.loginCode} userName={r.userName} />,
});

/** The IP and request-id columns, then the detail action that opens row r. */
export const tailColumns = <T extends LogRow>(open: (r: T) => void): ListColumn<T>[] => [
  { titleKey: 'log.ip', dataIndex: 'ip' },
  { titleKey: 'log.requestId', dataIndex: 'requestId', render: (v: string) => <RequestId id={v} /> },
  {
    titleKey: 'list.actions',
    key: 'actions',
    fixed: 'right',
    render: (_: unknown, r) => (
      <Button type="link" size="small" onClick={() => open(r)} data-testid={`detail-${r.id}`}>
        {t('log.detail')}
      </Button>
    ),
  },
];

/** The entry a detail dialog shows: fetched by id when opened. */
export function useLogDetail<D>(fetchOne: (id: number) => Promise<D>) {
  const [openId, setOpenId] = useState<number>();
  const [detail, setDetail] = useState<D>();
  const open = (row: { id: number }) => {
    setOpenId(row.id);
    setDetail(undefined);
    fetchOne(row.id).then(setDetail, () => setOpenId(undefined));
  };
  return { openId, detail, open, close: () => setOpenId(undefined) };
}

/** The detail dialog frame: a title, the content once loaded, a close button. */
export function LogDetailDialog({
  title,
  open,
  loading,
  onClose,
  width = 960,
  testId,
  children,
}: {
  title: string;
  open: boolean;
  loading: boolean;
  onClose(): void;
  width?: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <div data-testid={testId}>{loading ? <Spin style={{ display: 'block', margin: '48px auto' }} /> : children}</div>
    </Modal>
  );
}
