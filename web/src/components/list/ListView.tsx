import type { ReactNode } from 'react';
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
  selectable?: boolean;
  canSelect?: (row: T) => boolean;
}

/** A whole list screen from data: the search card over the table card. */
export default function ListView<T extends object>({ list, fields, exportPath, actions, ...table }: ListViewProps<T>) {
  return (
    <>
      <SearchCard fields={fields} values={list.state.filters} onSearch={list.search} onReset={list.reset} />
      <TableCard<T>
        list={list}
        {...table}
        actions={
          <>
            {actions}
            {exportPath && <ExportButton path={exportPath} params={filterParams(list.state, fields)} />}
          </>
        }
      />
    </>
  );
}
