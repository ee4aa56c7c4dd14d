import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useI18n, type MessageKey } from '../../i18n';
import SearchCard, { type SearchField } from './SearchCard';
import TableCard, { type ListColumn } from './TableCard';
import ExportButton from './ExportButton';
import { filterParams } from './query';
import type { ListController } from './useList';

export interface ListViewProps<T> {
  list: ListController<T>;
  fields: SearchField[];
  columns: ListColumn<T>[];
  rowKey: keyof T & string;
  /** export path: adds an export button carrying the list's filters and sort */
  exportPath?: string;
  actions?: ReactNode;
  /** the primary 'add' button, first of the actions */
  add?: { labelKey: MessageKey; testId: string; onClick(): void };
  selectable?: boolean;
  canSelect?: (row: T) => boolean;
}

/** A whole list screen from data: the search card over the table card. */
export default function ListView<T extends object>({ list, fields, exportPath, actions, add, ...table }: ListViewProps<T>) {
  const { t } = useI18n();
  return (
    <>
      <SearchCard fields={fields} values={list.state.filters} onSearch={list.search} onReset={list.reset} />
      <TableCard<T>
        list={list}
        {...table}
        actions={
          <>
            {add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick} data-testid={add.testId}>
                {t(add.labelKey)}
              </Button>
            )}
            {actions}
            {exportPath && <ExportButton path={exportPath} params={filterParams(list.state, fields)} />}
          </>
        }
      />
    </>
  );
}
