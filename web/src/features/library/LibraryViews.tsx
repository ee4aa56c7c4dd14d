/**
 * The library's read-only pieces (a record's tags, files and rows, the tag filter): the list page draws them in its
 * cells and search card; the form widgets (LibraryWidgets.tsx), with their pickers and uploads, load with its dialogs.
 */
import { Select, Space, Table, Tag, Typography } from 'antd';
import type { FileRef, LibField, LibTag } from '../../api/library';
import { useTagOptions } from '../../api/hooks/library';
import { shownByClient } from '../../api/hooks/useWrite';
import { openExport } from '../../components/list/ExportButton';
import { t } from '../../i18n';

export type Row = Record<string, string | number | undefined>;

/** The download call of a linked file (internal/files). */
export const FILE_DOWN = '/api/sys/common/file/down';

/** Opens a file's download in a new window (with a download ticket). */
export const openFile = (f: FileRef) => void openExport(FILE_DOWN, { id: String(f.id) }).catch(shownByClient);

/** The tag set (asked once per page load; the tag screen's writes invalidate it). */
function useTags(): LibTag[] {
  return useTagOptions().data ?? NO_TAGS;
}
const NO_TAGS: LibTag[] = [];

/** Several tags of the tag set (value: their ids). */
export function TagSelect({ value, onChange, testId, multiple = true }: { value?: number[] | number; onChange?: (v: never) => void; testId?: string; multiple?: boolean }) {
  const tags = useTags();
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value as never}
      onChange={onChange}
      placeholder={multiple ? undefined : t('list.all')}
      data-testid={testId}
      options={tags.map((tg) => ({ value: tg.id, label: tg.name }))}
      style={{ width: '100%' }}
    />
  );
}

/** The tags of a record, as chips. */
export const TagChips = ({ tags }: { tags?: { id: number; name: string; color: string }[] }) => (
  <>
    {(tags ?? []).map((tg) => (
      <Tag key={tg.id} color={tg.color || 'blue'}>
        {tg.name}
      </Tag>
    ))}
  </>
);

/** The files of a record as links that download them. */
export const FileLinks = ({ files }: { files?: FileRef[] }) => (
  <Space size={[8, 0]} wrap>
    {(files ?? []).map((f) => (
      <Typography.Link key={f.id} onClick={() => openFile(f)} data-testid={`lib-file-${f.name}`}>
        {f.name || `#${f.id}`}
      </Typography.Link>
    ))}
  </Space>
);

/** A table of sub-fields read-only (the view dialog). */
export const RowsView = ({ field, rows }: { field: LibField; rows?: Row[] }) => (
  <Table
    size="small"
    pagination={false}
    rowKey={(_r, i) => String(i)}
    dataSource={rows ?? []}
    columns={(field.columns ?? []).map((c) => ({ title: c.label, dataIndex: c.key, key: c.key }))}
  />
);
