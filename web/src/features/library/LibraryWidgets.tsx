/** The controls of the library's field kinds the described form does not draw itself. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, DatePicker, Input, Space, Table } from 'antd';
import { BoldOutlined, DeleteOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PlusOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { UploadedFile } from '../../api/upload';
import { type FileRef, type LibField } from '../../api/library';
import type { WidgetProps } from '../../components/form/fields';
import { EmployeePickerInput } from '../../components/picker/PickerInputs';
import FileUpload, { toFileItems, type FileItem } from '../../components/upload/FileUpload';
import { t, useI18n } from '../../i18n';
import { TagSelect, type Row } from './LibraryViews';

/** As a described form's widget: the tag select. */
export const TagsWidget = ({ value, onChange, field }: WidgetProps<number[]>) => <TagSelect value={value} onChange={onChange as never} testId={field.testId} />;

/** An employee chosen in the organisation picker (value: the employee's code). */
export function employeeWidget(label?: string) {
  return function EmployeeWidget({ value, onChange, field }: WidgetProps<string>) {
    return <EmployeePickerInput value={value} label={label} title={t('picker.titleFor', { field: field.label })} onChange={(v) => onChange?.(v ?? '')} testId={field.testId} />;
  };
}

/** What uploads of a type count as in the upload statistics. */
const moduleOf = (type: string) => (type === 'cakey' ? 'ca' : type === 'expert' ? 'expert' : 'library');

/**
 * The files of a record's field (the shared upload control, with progress): the field's suffixes, uploads counted for
 * the type's statistics, downloads recorded against the record. Value: the files {id, name, url, ...}.
 */
export function filesWidget(f: LibField, type: string, recordId?: number) {
  return function FilesWidget({ value, onChange, field }: WidgetProps<FileRef[]>) {
    return (
      <FileUpload
        value={toFileItems((value ?? []) as UploadedFile[])}
        onChange={onChange as (files: FileItem[]) => void}
        module={moduleOf(type)}
        accept={f.accept || undefined}
        recordType={`library.${type}`}
        recordId={recordId}
        testId={field.testId}
      />
    );
  };
}

/**
 * A small rich-text editor (bold, italic, underline, lists, links) over an editable area; the HTML it produces is
 * sanitised by the server before it is kept, and what the area shows first is the server's sanitised HTML.
 */
export function RichTextWidget({ value, onChange, field }: WidgetProps<string>) {
  useI18n();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== (value ?? '')) ref.current.innerHTML = value ?? '';
    // only what arrives from outside: typing keeps the caret where it is
  }, [value]);
  const exec = (cmd: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(cmd, false, arg);
    onChange?.(ref.current?.innerHTML ?? '');
  };
  const tools: [string, ReactNode, () => void][] = [
    ['bold', <BoldOutlined key="b" />, () => exec('bold')],
    ['italic', <ItalicOutlined key="i" />, () => exec('italic')],
    ['underline', <UnderlineOutlined key="u" />, () => exec('underline')],
    ['ol', <OrderedListOutlined key="o" />, () => exec('insertOrderedList')],
    ['ul', <UnorderedListOutlined key="l" />, () => exec('insertUnorderedList')],
    [
      'link',
      <LinkOutlined key="k" />,
      () => {
        const url = window.prompt(t('lib.rich.linkPrompt'), 'https://');
        if (url && /^https?:\/\//i.test(url)) exec('createLink', url);
      },
    ],
  ];
  return (
    <div className="lib-rich">
      <Space size={2} className="lib-rich-tools">
        {tools.map(([k, icon, run]) => (
          <Button key={k} size="small" type="text" icon={icon} onMouseDown={(e) => e.preventDefault()} onClick={run} aria-label={k} />
        ))}
      </Space>
      <div
        ref={ref}
        className="lib-rich-area"
        contentEditable
        role="textbox"
        aria-multiline
        data-testid={field.testId}
        onInput={() => onChange?.(ref.current?.innerHTML ?? '')}
        suppressContentEditableWarning
      />
    </div>
  );
}

/** A table of sub-fields (an expert's qualifications): add, edit and remove rows. */
export function rowsWidget(f: LibField) {
  const cols = f.columns ?? [];
  return function RowsWidget({ value = [], onChange, field }: WidgetProps<Row[]>) {
    useI18n();
    const rows = value.map((r, i) => ({ ...r, _i: i }));
    const set = (i: number, key: string, v?: string) => onChange?.(value.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
    return (
      <div data-testid={field.testId}>
          <Table
            size="small"
            pagination={false}
            rowKey="_i"
            dataSource={rows}
            locale={{ emptyText: t('common.empty') }}
            columns={[
              ...cols.map((c) => ({
                title: c.required ? `* ${c.label}` : c.label,
                key: c.key,
                render: (_: unknown, r: Row & { _i: number }) =>
                  c.kind === 'date' ? (
                    <DatePicker
                      size="small"
                      value={r[c.key] ? dayjs(String(r[c.key])) : null}
                      onChange={(d) => set(r._i, c.key, d ? d.format('YYYY-MM-DD') : undefined)}
                      style={{ width: '100%' }}
                    />
                  ) : (
                    <Input size="small" value={r[c.key] == null ? undefined : String(r[c.key])} maxLength={c.max || 100} onChange={(e) => set(r._i, c.key, e.target.value)} data-testid={`${field.testId}-${c.key}-${r._i}`} />
                  ),
              })),
              {
                key: 'remove',
                width: 40,
                render: (_: unknown, r: Row & { _i: number }) => (
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.(value.filter((_x, j) => j !== r._i))} aria-label={t('list.delete')} />
                ),
              },
            ]}
          />
          <Button size="small" type="dashed" icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => onChange?.([...value, {}])} data-testid={`${field.testId}-add`}>
            {t('lib.rows.add')}
          </Button>
      </div>
    );
  };
}

