/**
 * How a library record is shown read-only, from its type's descriptor (GET /api/library/types): one field's value,
 * the review-status and expiry tags, and every field as a description list. Shared by the admin library page and
 * the portal's record drawer.
 */
import { cloneElement, isValidElement, type ReactNode } from 'react';
import { Descriptions, Tag } from 'antd';
import type { FileRef, LibField, LibRecord, LibType } from '../../api/library';
import { DictLabel } from '../../components/DictSelect';
import { t, useI18n } from '../../i18n';
import { expiryBadge, fillSpans, STATUS_COLOR } from './libraryView';
import { FileLinks, RowsView, TagChips } from './LibraryViews';

/** What the server answers for a personal value an external account may not read (docs/data-rules.md). */
export const MASKED = '***';

/** A field's value as the table and the view show it. */
export function fieldValue(f: LibField, r: LibRecord): ReactNode {
  const v = r[f.key];
  if (v === MASKED) return MASKED;
  switch (f.kind) {
    case 'dict':
      return v === '' || v == null ? '' : <DictLabel dictKey={f.dict ?? ''} value={v} fallback={String(v)} />;
    case 'unit':
    case 'user':
      return String(r[`${f.key}Name`] || v || '');
    case 'employee':
      return v ? `${String(r[`${f.key}Name`] || '')}(${String(v)})` : '';
    case 'tags':
      return <TagChips tags={v as { id: number; name: string; color: string }[]} />;
    case 'files':
      return <FileLinks files={v as FileRef[]} />;
    case 'switch':
      return v === 1 ? t('lib.yes') : t('lib.no');
    case 'money':
      return typeof v === 'number' ? v.toLocaleString(undefined, { minimumFractionDigits: 2 }) : '';
    case 'rows':
      return Array.isArray(v) ? t('lib.rows.count', { n: v.length }) : '';
    case 'rich':
      return '';
  }
  return v == null ? '' : String(v);
}

/** Does the record hold a value for the field (the portal leaves empty fields out)? */
export function hasValue(f: LibField, r: LibRecord): boolean {
  const v = r[f.key];
  if (v == null || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

export const StatusTag = ({ r }: { r: LibRecord }) => (
  <Tag color={STATUS_COLOR[r.status] ?? 'default'} data-testid={`lib-status-${r.id}`}>
    {t(`lib.status.${r.status}` as 'lib.status.pending')}
  </Tag>
);

export function ExpiryTag({ r }: { r: LibRecord }) {
  const b = expiryBadge(r);
  if (!b) return null;
  return (
    <Tag color={b.color} data-testid={`lib-expiry-${r.id}`}>
      {b.color === 'red' ? t('lib.expiry.expiredDays', { n: b.days }) : t('lib.expiry.inDays', { n: b.days })}
    </Tag>
  );
}

interface RecordFieldsProps {
  type: LibType;
  rec: LibRecord;
  /** columns of the list */
  column?: number;
  /** leave out fields without a value */
  skipEmpty?: boolean;
  /** leave out fields of these kinds (the portal shows files in their own panel) */
  skipKinds?: readonly LibField['kind'][];
  /** items (Descriptions.Item, with keys) after the type's fields */
  extra?: ReactNode[];
}

/** Every field of a record as a bordered description list; rich text and sub-tables take the whole row. */
export function RecordFields({ type, rec, column = 2, skipEmpty, skipKinds = [], extra }: RecordFieldsProps) {
  useI18n();
  const fields = type.fields.filter((f) => !skipKinds.includes(f.kind) && (!skipEmpty || hasValue(f, rec)));
  // the extra items are single cells after the fields
  const spans = fillSpans([...fields.map((f) => f.kind === 'rich' || f.kind === 'rows' || !!f.wide), ...(extra ?? []).map(() => false)], column);
  const more = (extra ?? []).map((item, i) =>
    isValidElement<{ span?: number }>(item) ? cloneElement(item, { span: spans[fields.length + i] }) : item,
  );
  return (
    <Descriptions bordered size="small" column={column}>
      {fields.map((f, i) =>
        f.kind === 'rich' ? (
          <Descriptions.Item key={f.key} label={f.label} span={spans[i]}>
            {/* sanitised by the server's allow-list before it was stored */}
            <div className="lib-rich-view" dangerouslySetInnerHTML={{ __html: String(rec[f.key] ?? '') }} />
          </Descriptions.Item>
        ) : f.kind === 'rows' ? (
          <Descriptions.Item key={f.key} label={f.label} span={spans[i]}>
            <RowsView field={f} rows={rec[f.key] as never} />
          </Descriptions.Item>
        ) : (
          <Descriptions.Item key={f.key} label={f.label} span={spans[i]}>
            {fieldValue(f, rec)}
          </Descriptions.Item>
        ),
      )}
      {more}
    </Descriptions>
  );
}
