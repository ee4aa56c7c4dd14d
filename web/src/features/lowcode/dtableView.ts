/**
 * A dynamic table's screen described as data (pure, tested): the search fields of its searchable fields, the form
 * fields of the spec's descriptor (components/form/fields.ts fromSpecField), and the shapes values take between
 * a row, the form and the call.
 */
import dayjs from 'dayjs';
import { fromSpecField, type FieldDescriptor } from '../../components/form/fields';
import type { FieldParams } from '../../components/list/query';
import type { DTableField, DTableRow } from '../../api/lowcode';

export type SearchKind = 'text' | 'dateRange' | 'dict' | 'org';

/** A search field of a dynamic table (the page renders the dictionary and organisation controls). */
export interface DTableSearch extends FieldParams {
  label: string;
  kind: SearchKind;
  field: DTableField;
}

const organ = (f: DTableField) => f.showType === 'single_organ_choice' || f.showType === 'multiple_organ_choice';
const user = (f: DTableField) => f.showType === 'single_user_choice' || f.showType === 'multiple_user_choice';
export const isMultiDict = (f: DTableField) => f.isDict === 1 && f.choiceSingle === 0;

/** The search card of a table: one field per searchable field; a datetime is a range (fieldNameStart, fieldNameEnd). */
export function searchFields(fields: DTableField[]): DTableSearch[] {
  return fields
    .filter((f) => f.searchable === 1)
    .map((f): DTableSearch => {
      if (f.type === 'datetime' || f.type === 'date')
        return { names: [`${f.fieldName}Start`, `${f.fieldName}End`], dateRange: true, label: f.name, kind: 'dateRange', field: f };
      if (f.isDict === 1) return { names: [f.fieldName], label: f.name, kind: 'dict', field: f };
      if (organ(f)) return { names: [f.fieldName], label: f.name, kind: 'org', field: f };
      return { names: [f.fieldName], label: f.name, kind: 'text', field: f };
    });
}

/** The form fields of a table's add and edit dialogs, in the fields' order. */
export function formFields(fields: DTableField[]): FieldDescriptor[] {
  return fields.map((f) => {
    const d = fromSpecField({ ...f, required: f.required });
    if (d.type === 'text') return { ...d, maxLength: 2000, testId: `dt-field-${f.fieldName}` };
    return { ...d, testId: `dt-field-${f.fieldName}` };
  });
}

/** A dictionary value as the dictionary store holds it: numeric strings as numbers (spec section 3). */
const dictValue = (v: string): string | number => (/^-?\d+$/.test(v) ? Number(v) : v);

/** A row's values as the form holds them. */
export function toForm(fields: DTableField[], row?: DTableRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    let v = row ? row.values[f.fieldName] : f.defaultValue || undefined;
    if (v == null || v === '') {
      out[f.fieldName] = undefined;
      continue;
    }
    if (f.type === 'datetime') v = dayjs(String(v)).format('YYYY-MM-DD HH:mm:ss');
    else if (f.type === 'int' || f.type === 'money') v = Number(v);
    else if (f.isDict === 1) v = isMultiDict(f) ? String(v).split(',').filter(Boolean).map(dictValue) : dictValue(String(v));
    out[f.fieldName] = v;
  }
  return out;
}

/** The form's values as the call sends them: an empty field as null (so that an edit clears it). */
export function fromForm(fields: DTableField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.fieldName];
    out[f.fieldName] = v === undefined || v === '' || (Array.isArray(v) && v.length === 0) ? null : v;
  }
  return out;
}

/** What a cell shows: the names a choice or dictionary value stands for, a time in local form, else the value. */
export function cellText(f: DTableField, row: DTableRow): string {
  const label = row.labels[f.fieldName];
  if (label != null && (organ(f) || user(f) || f.isDict === 1)) return label;
  const v = row.values[f.fieldName];
  if (v == null) return '';
  if (f.type === 'datetime') return dayjs(String(v)).format('YYYY-MM-DD HH:mm:ss');
  if (f.type === 'money') return moneyText(v);
  return String(v);
}

/** A blank field of the designer. */
export function newField(n: number): Partial<DTableField> {
  return {
    fieldName: '', // generated from the title (fieldKey) until the administrator types one
    sort: n,
    name: '',
    type: 'varchar',
    showType: '',
    isDict: 0,
    dictGroupCode: '',
    choiceSingle: 1,
    required: 0,
    unique: 0,
    defaultValue: '',
    inList: 1,
    searchable: 0,
    sortable: 0,
  };
}

/* Field codes generated from titles: the pinyin initials of Chinese characters (项目名称 → xmmc), the words of
 * Latin text in camelCase (Bid amount → bidAmount), digits kept; unique in the table and never a reserved word. */

const INITIALS = 'ABCDEFGHJKLMNOPQRSTWXYZ';
// The first character of each initial in the Chinese (pinyin) collation every browser ships.
const INITIAL_BOUNDS = '吖八嚓哒妸发旮哈讥咔垃妈拿噢妑七呥仨他挖夕丫帀';
let collator: Intl.Collator | undefined;

/** The pinyin initial of a Chinese character, lower case ('' when not known). */
export function pinyinInitial(ch: string): string {
  if (!/\p{Script=Han}/u.test(ch)) return '';
  collator ??= new Intl.Collator('zh-Hans-CN', { sensitivity: 'accent' });
  if (collator.compare(ch, INITIAL_BOUNDS[0]) < 0) return '';
  for (let i = INITIAL_BOUNDS.length - 1; i >= 0; i--) if (collator.compare(ch, INITIAL_BOUNDS[i]) >= 0) return INITIALS[i].toLowerCase();
  return '';
}

/** Keys a field may not take (the row's own keys and the list's parameters, internal/dtable). */
const RESERVED_KEYS = ['id', 'createdAt', 'updatedAt', 'labels', 'current', 'limit', 'sort', 'order', 'format', 'tableId', 'keywords', 'AccessToken', 'ticket'].map((k) =>
  k.toLowerCase(),
);

/** A field code from a title, unique (ignoring letter case) among taken. */
export function fieldKey(title: string, taken: string[]): string {
  let key = '';
  let word = '';
  const flush = () => {
    if (word) key += key ? word[0].toUpperCase() + word.slice(1).toLowerCase() : word.toLowerCase();
    word = '';
  };
  for (const ch of title.trim()) {
    if (/[A-Za-z0-9]/.test(ch)) word += ch;
    else {
      flush();
      key += pinyinInitial(ch);
    }
  }
  flush();
  key = key.replace(/^[^A-Za-z]+/, '');
  if (!key) key = 'field';
  key = key.slice(0, 36);
  const used = new Set(taken.map((k) => k.toLowerCase()));
  let out = key;
  for (let n = 2; used.has(out.toLowerCase()) || RESERVED_KEYS.includes(out.toLowerCase()); n++) out = `${key}${n}`;
  return out;
}

/** An amount of money as the table shows it: the server's exact text with thousands separators ("1,234.50"). */
export function moneyText(v: unknown): string {
  const s = String(v);
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(s);
  if (!m) return s;
  return `${m[1]}${m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}
