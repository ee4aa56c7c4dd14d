import { Suspense, useState, type ReactNode } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { IconAction } from './RowActions';
import { toast } from '../../api/client';
import { shownByClient } from '../../api/hooks/useWrite';
import { t, useI18n } from '../../i18n';
import { useEver } from '../../lib/useEver';
import { useConfirmDanger } from './guards';
import ListView, { type ListViewProps } from './ListView';

/** What a list's form dialog edits: a row, {} to add one, null when closed. */
export type Editing<T> = { row?: T } | null;

export interface CrudListProps<T> extends Omit<ListViewProps<T>, 'actions'> {
  /** data-testid prefix: `${testId}-add`, `${testId}-edit-${rowId}`, `${testId}-delete-${rowId}` */
  testId: string;
  rowId(row: T): string | number;
  addLabel: string;
  /** rows edited elsewhere show notEditable(row) instead of the edit button */
  canEdit?(row: T): boolean;
  notEditable?(row: T): ReactNode;
  canDelete?(row: T): boolean;
  /** deletes a row once the user has confirmed; a rejection has been shown by the HTTP client */
  onDelete(row: T): Promise<unknown>;
  /**
   * the add / edit dialog: saved() closes it and reloads the list. Rendered from its first opening on (it may be a
   * React.lazy component, fetched then, not with the list).
   */
  renderDialog(editing: Editing<T>, close: () => void, saved: () => void): ReactNode;
  /** after any save or delete (besides reloading the list) */
  onChanged?(): void;
  /** more buttons on the table card, after 'add' */
  actions?: ReactNode;
  /** a row's other actions (IconAction), before edit and delete in the one actions column */
  rowActions?(row: T): ReactNode;
}

/**
 * A list screen with its writes: ListView plus an 'add' button, an edit and a delete action on each row (the delete
 * asks 'This operation cannot be undone, continue?' first), and the form dialog.
 */
export default function CrudList<T extends object>({
  testId,
  rowId,
  addLabel,
  canEdit = () => true,
  notEditable,
  canDelete = () => true,
  onDelete,
  renderDialog,
  onChanged,
  actions,
  rowActions,
  columns,
  list,
  ...view
}: CrudListProps<T>) {
  useI18n();
  const { confirmDanger, holder } = useConfirmDanger();
  const [editing, setEditing] = useState<Editing<T>>(null);
  const dialogUsed = useEver(editing !== null);
  const changed = () => {
    list.reload();
    onChanged?.();
  };
  const remove = (row: T) =>
    confirmDanger(() =>
      onDelete(row).then(() => {
        toast('success', t('msg.operationSuccessful'));
        changed();
      }, shownByClient),
    );

  return (
    <>
      {holder}
      <ListView
        {...view}
        list={list}
        columns={[
          ...columns,
          {
            titleKey: 'list.actions',
            key: 'actions',
            render: (_: unknown, row: T) => (
              <Space size={0}>
                {rowActions?.(row)}
                {canEdit(row) ? (
                  <IconAction label={t('list.edit')} icon={<EditOutlined />} onClick={() => setEditing({ row })} testId={`${testId}-edit-${rowId(row)}`} />
                ) : (
                  notEditable?.(row)
                )}
                {canDelete(row) && (
                  <IconAction label={t('list.delete')} icon={<DeleteOutlined />} danger onClick={() => remove(row)} testId={`${testId}-delete-${rowId(row)}`} />
                )}
              </Space>
            ),
          },
        ]}
        actions={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid={`${testId}-add`}>
              {addLabel}
            </Button>
            {actions}
          </>
        }
      />
      {dialogUsed && (
        <Suspense fallback={null}>
          {renderDialog(
            editing,
            () => setEditing(null),
            () => {
              setEditing(null);
              changed();
            },
          )}
        </Suspense>
      )}
    </>
  );
}
