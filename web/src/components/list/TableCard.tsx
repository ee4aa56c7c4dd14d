import type { Key, ReactNode } from 'react';
import { Grid, Space, Table } from 'antd';
import { SecondaryText, TextLink } from '../Text';
import Panel from './Panel';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { useLocation } from 'react-router-dom';
import { useI18n, type MessageKey } from '../../i18n';
import ColumnSettings from './ColumnSettings';
import { ClipText, headerTitle } from './RowActions';
import { applyChoice, useColumnChoice } from './columnSettings';
import { PAGE_SIZES, type SortOrder } from './query';
import type { ListController } from './useList';

/**
 * A table column described as data: its title is an i18n key (or, for columns described by the server, a text
 * already in the user's language); sortKey makes it sortable on the server.
 */
export type ListColumn<T> = Omit<ColumnType<T>, 'title' | 'sorter' | 'sortOrder'> & {
  titleKey?: MessageKey;
  label?: string;
  sortKey?: string;
  /** a secondary column: hidden until the user shows it with the column settings (a wide table then fits 1440 px) */
  defaultHidden?: boolean;
  /** the width (px) a long text wraps at on a wide screen, instead of .bd-cell's 320 */
  cellWidth?: number;
  /** a long free text (name, remark, message): one line at most this wide (px), ending in '…' with the whole as tooltip */
  clip?: number;
};

interface Props<T> {
  list: ListController<T>;
  columns: ListColumn<T>[];
  rowKey: keyof T & string;
  /** buttons on the card's title bar */
  actions?: ReactNode;
  /** tick boxes for batch actions */
  selectable?: boolean;
  /** rows that cannot be ticked (for example the signed-in account) */
  canSelect?: (row: T) => boolean;
  /** names the table for the remembered column settings (default: the page's path) */
  tableId?: string;
  /** rows under the data (totals): given the keys of the columns shown, in their order (the user may hide or move some) */
  summary?: (shownKeys: string[]) => ReactNode;
  /**
   * the table truly has more columns than fit a 1440 px screen: it may scroll sideways (its actions stay pinned).
   * Without it the e2e language sweep fails a table that scrolls sideways.
   */
  wide?: boolean;
}

const toAntd = (o?: SortOrder) => (o === 'asc' ? 'ascend' : o === 'desc' ? 'descend' : null);

/** The table card of spec section 2: 'data list', actions, selection, loading, server-side sort and paging. */
export default function TableCard<T extends object>({ list, columns, rowKey, actions, selectable, canSelect, tableId, summary, wide }: Props<T>) {
  const { t } = useI18n();
  const { state, data } = list;
  const { pathname } = useLocation();
  // At phone width a fixed actions column would cover the data: the table scrolls sideways with its first
  // column held instead, and the actions go under the title rather than squeezing it out.
  const narrow = !Grid.useBreakpoint().md;
  const keyOf = (c: ListColumn<T>) => String(c.key ?? c.sortKey ?? c.dataIndex ?? c.titleKey);
  const titleOf = (c: ListColumn<T>) => c.label ?? (c.titleKey ? t(c.titleKey) : keyOf(c));
  // The actions column stays where it is; the others can be hidden and ordered, remembered per account.
  const pinned = (c: ListColumn<T>) => c.fixed === 'right' || c.key === 'actions';
  const { choice: chosen, setChoice } = useColumnChoice(tableId ?? `${pathname}:${rowKey}`);
  // until the user chooses, the secondary columns are hidden
  const secondary = columns.filter((c) => c.defaultHidden && !pinned(c)).map(keyOf);
  const choice = chosen ?? (secondary.length ? { order: [], hidden: secondary } : null);
  const hiddenKeys = new Set(choice?.hidden ?? []);
  const settable = applyChoice(columns, keyOf, pinned, choice ? { ...choice, hidden: [] } : null)
    .filter((c) => !pinned(c))
    .map((c) => ({ key: keyOf(c), title: titleOf(c) }));
  const shown = applyChoice(columns, keyOf, pinned, choice).filter((c) => pinned(c) || !hiddenKeys.has(keyOf(c)));
  const settings = settable.length > 1 && <ColumnSettings columns={settable} choice={choice} onChange={setChoice} />;
  // On a wide screen a long text wraps inside its column (at most CELL_MAX px wide) instead of widening the table past
  // its card, where the pinned actions would cover the last columns; short values (dates, codes, states) keep one line.
  const wrapped = (c: ListColumn<T>): Partial<ColumnType<T>> =>
    c.clip && !narrow
      ? {
          render: (value: unknown, row: T, index: number) => (
            <ClipText max={c.clip}>{c.render ? (c.render(value, row, index) as ReactNode) : (value as ReactNode)}</ClipText>
          ),
        }
      : narrow || c.width
      ? {}
      : c.key === 'actions' && c.render
        ? {
            // the actions' buttons wrap onto a second line rather than widen the pinned column over the data
            render: (value: unknown, row: T, index: number) => <div className="bd-actions">{c.render?.(value, row, index) as ReactNode}</div>,
          }
        : pinned(c) || c.fixed
          ? {}
          : {
          render: (value: unknown, row: T, index: number) => (
            <div className="bd-cell" style={c.cellWidth ? { maxWidth: c.cellWidth } : undefined}>
              {c.render ? (c.render(value, row, index) as ReactNode) : (value as ReactNode)}
            </div>
          ),
        };
  const cols: ColumnType<T>[] = shown.map(({ titleKey, label, sortKey, defaultHidden: _, cellWidth, clip, ...c }, i) => ({
    ...c,
    ...wrapped({ ...c, cellWidth, clip }),
    // wider: the actions stay in sight when the columns overflow their card (a half-width card of a split screen)
    ...(narrow ? { fixed: i === 0 ? ('left' as const) : undefined } : c.key === 'actions' ? { fixed: 'right' as const } : {}),
    key: c.key ?? sortKey ?? String(c.dataIndex ?? titleKey),
    title: headerTitle(label ?? (titleKey ? t(titleKey) : undefined)),
    ...(sortKey
      ? { sorter: true, sortOrder: state.sort === sortKey ? toAntd(state.order) : null, sortDirections: ['ascend', 'descend'] as const }
      : {}),
  }));
  const sortKeyOf = (key: Key | undefined) => columns.find((c) => (c.key ?? c.sortKey ?? String(c.dataIndex ?? c.titleKey)) === key)?.sortKey;

  return (
    <Panel
      title={t('list.dataList')}
      // The actions keep their place in the tree whatever the width (a dialog an action holds open, such as a
      // background export's progress, would otherwise close when the window narrows or a phone turns): at phone width
      // the panel's head puts them under the title instead.
      extra={
        actions || settings ? (
          <Space wrap>
            {actions}
            {settings}
          </Space>
        ) : undefined
      }
      stacked={narrow}
      style={{ marginTop: 16 }}
      testId="table-card"
    >
      {selectable && list.selectedKeys.length > 0 && (
        <SecondaryText style={{ display: 'block', marginBottom: 8 }} testId="selection-count">
          {t('list.selected', { n: list.selectedKeys.length })}{' '}
          <TextLink onClick={() => list.setSelectedKeys([])}>{t('list.clearSelection')}</TextLink>
        </SecondaryText>
      )}
      <Table<T>
        size="middle"
        className={wide ? 'bd-wide' : undefined}
        rowKey={rowKey}
        columns={cols}
        dataSource={data?.records ?? []}
        loading={list.loading}
        scroll={{ x: 'max-content' }}
        summary={summary ? () => summary(cols.map((c) => String(c.key))) : undefined}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: list.selectedKeys,
                onChange: (keys) => list.setSelectedKeys(keys),
                getCheckboxProps: (row) => ({ disabled: canSelect ? !canSelect(row) : false }),
              }
            : undefined
        }
        pagination={{
          current: state.current,
          pageSize: state.limit,
          total: data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('list.total', { total }),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
            const key = s.order ? sortKeyOf(s.columnKey) : undefined;
            list.setSort(key, s.order === 'descend' ? 'desc' : 'asc');
          } else if (extra.action === 'paginate') {
            list.setPage(pagination.current ?? 1, pagination.pageSize ?? state.limit);
          }
        }}
      />
    </Panel>
  );
}
