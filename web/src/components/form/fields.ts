/**
 * Form fields described as data (the descriptor form, components/form/DescribedForm.tsx): their types, the
 * rules each one brings (spec section 5, from lib/validate.ts), how values are kept in the form, and the
 * adapter from the spec's dynamic-form field descriptor. Free of React rendering, so it is tested directly.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { t } from '../../i18n';
import {
  checkDecimals,
  checkFileSuffix,
  checkIdCard,
  checkMax,
  checkMaxLength,
  checkNonNegative,
  checkPattern,
  type PatternKind,
  type Problem,
} from '../../lib/validate';

/** A file of an upload field's value (what the form submits). */
export interface UploadedFile {
  uid: string;
  name: string;
  size: number;
  /** where the uploader put it; absent when the file was only checked in the browser */
  url?: string;
}

/** Sends one file, reporting progress 0-100; resolves with where it went. */
export type Uploader = (file: File, onProgress: (percent: number) => void) => Promise<{ url?: string }>;

export interface CascaderOption {
  value: string | number;
  label: string;
  children?: CascaderOption[];
}

/** The props every field control receives from the form (a custom widget too). */
export interface WidgetProps<V = unknown> {
  value?: V;
  onChange?: (value: V) => void;
  field: FieldDescriptor;
}

interface Base {
  /** the form value's name */
  name: string;
  /** the label shown (already translated) */
  label: string;
  required?: boolean;
  /** replaces the default 'Please fill in / choose / upload {label}' */
  requiredMessage?: string;
  extra?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  /** kept in the form but not shown */
  hidden?: boolean;
  /** data-testid of the control */
  testId?: string;
  /** checks beyond the type's own (a phone that may be a mobile or a landline), after them */
  rules?: Rule[];
  /**
   * Renders this control instead of the type's own (for example the organisation picker dialog in place of the
   * tree select): it gets value, onChange and the descriptor; the type's rules still apply. It deals in the value
   * as the form stores it: codes joined with '-' (organisations) or ',' (users), 1/0 for a switch, text for dates.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each widget knows its own value type
  widget?: ComponentType<WidgetProps<any>>;
}

/** 'idcard' or one of the pattern kinds of spec section 5. */
export type TextCheck = PatternKind | 'idcard';

export type FieldDescriptor = Base &
  (
    | { type: 'text'; maxLength?: number; check?: TextCheck }
    | { type: 'textarea'; maxLength?: number; rows?: number }
    /** spec section 5's number checks: max ('cannot exceed N'), nonNegative, decimals, maxLength of the text */
    | { type: 'number'; max?: number; nonNegative?: boolean; decimals?: number; maxLength?: number }
    /** the enabled items of a dictionary (key or code); several values when multiple */
    | { type: 'select'; dictKey: string; multiple?: boolean; useDefault?: boolean }
    /** YYYY-MM-DD / HH:mm:ss / YYYY-MM-DD HH:mm:ss; notPast: days before today cannot be picked */
    | { type: 'date' | 'datetime'; notPast?: boolean }
    | { type: 'time' }
    /** 1 when on, 0 when off */
    | { type: 'switch' }
    /** accept: allowed suffixes as a comma list (case-insensitive); maxSizeMB: per file; without uploader the
     *  files are only checked in the browser */
    | { type: 'upload'; accept: string; maxSizeMB?: number; maxCount?: number; uploader?: Uploader }
    /** a path of values; options given, or a dictionary whose items nest (childDict) */
    | { type: 'cascader'; options?: CascaderOption[]; dictKey?: string }
    /** organisation units by fullUnitCode; several joined with '-' (spec section 3) */
    | { type: 'org'; multiple?: boolean }
    /** users by login code; several joined with ',' (spec section 3) */
    | { type: 'user'; multiple?: boolean }
  );

export type FieldType = FieldDescriptor['type'];

/** What the user is asked for when a required field is empty. */
function requiredText(f: FieldDescriptor): string {
  if (f.requiredMessage) return f.requiredMessage;
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'number':
      return t('form.fillIn', { label: f.label });
    case 'upload':
      return t('form.uploadRequired', { label: f.label });
    default:
      return t('form.choose', { label: f.label });
  }
}

/** A check as an antd rule; the message is rendered when it fails, in the language of that moment. */
const ruleOf = (check: (value: unknown) => Problem | null): Rule => ({
  validator: (_: unknown, value: unknown) => {
    const p = check(value);
    return p ? Promise.reject(new Error(t(p.key, p.vars))) : Promise.resolve();
  },
});

const isEmpty = (v: unknown) => v == null || v === '' || (Array.isArray(v) && v.length === 0);

const text = (v: unknown) => (v == null ? '' : String(v));

/** The rules of a field: required (when asked) and the checks its descriptor names. */
export function fieldRules(f: FieldDescriptor): Rule[] {
  const rules: Rule[] = [];
  if (f.required && f.type !== 'switch') {
    const message = requiredText(f);
    rules.push(
      f.type === 'text' || f.type === 'textarea'
        ? { required: true, whitespace: true, message }
        : // not the validator's own check: it treats values as text (a number or a list would fail as 'not a string')
          { required: true, message, validator: (_: unknown, v: unknown) => (isEmpty(v) ? Promise.reject(new Error(message)) : Promise.resolve()) },
    );
  }
  switch (f.type) {
    case 'text':
    case 'textarea':
      if (f.maxLength != null) rules.push(ruleOf((v) => checkMaxLength(text(v), f.maxLength!)));
      if (f.type === 'text' && f.check) {
        const kind = f.check;
        rules.push(ruleOf((v) => (kind === 'idcard' ? checkIdCard(text(v).trim()) : checkPattern(kind, text(v).trim()))));
      }
      break;
    case 'number':
      if (f.maxLength != null) rules.push(ruleOf((v) => checkMaxLength(text(v), f.maxLength!)));
      if (f.nonNegative) rules.push(ruleOf((v) => checkNonNegative(text(v))));
      if (f.max != null) rules.push(ruleOf((v) => checkMax(text(v), f.max!)));
      if (f.decimals != null) rules.push(ruleOf((v) => checkDecimals(text(v), f.decimals!)));
      break;
    case 'upload':
      rules.push(ruleOf((v) => uploadProblem((v as UploadedFile[] | undefined) ?? [], f.accept, f.maxSizeMB)));
      break;
  }
  if (f.rules) rules.push(...f.rules);
  return rules;
}

/** The first problem of files against an upload field's suffix list and size limit. */
export function uploadProblem(files: Pick<UploadedFile, 'name' | 'size'>[], accept: string, maxSizeMB?: number): Problem | null {
  for (const file of files) {
    const p = checkFileSuffix(file.name, accept);
    if (p) return p;
    if (maxSizeMB != null && file.size > maxSizeMB * 1024 * 1024) return { key: 'validate.fileSize', vars: { n: maxSizeMB } };
  }
  return null;
}

/* How the form keeps values that the controls hold in another shape. */

const DATE_FORMATS = { date: 'YYYY-MM-DD', time: 'HH:mm:ss', datetime: 'YYYY-MM-DD HH:mm:ss' } as const;

export const dateFormat = (type: keyof typeof DATE_FORMATS) => DATE_FORMATS[type];

/** Text in the form, a Dayjs in the picker. */
export function toPicker(type: keyof typeof DATE_FORMATS, value: unknown): Dayjs | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const d = dayjs(type === 'time' ? `1970-01-01 ${value}` : value);
  return d.isValid() ? d : undefined;
}

export function fromPicker(type: keyof typeof DATE_FORMATS, value: Dayjs | null | undefined): string | undefined {
  return value ? value.format(DATE_FORMATS[type]) : undefined;
}

/** The switch of spec section 2: on 1, off 0 ('1' and true count as on when reading). */
export const switchChecked = (value: unknown) => value === 1 || value === '1' || value === true;
export const switchValue = (checked: boolean): 0 | 1 => (checked ? 1 : 0);

/** Multi-select values joined as spec section 3 says: '-' for organisation codes, ',' for user codes. */
export const ORG_SEPARATOR = '-';
export const USER_SEPARATOR = ',';
export const splitCodes = (value: unknown, sep: string): string[] =>
  typeof value === 'string' && value ? value.split(sep).filter(Boolean) : Array.isArray(value) ? value.map(String) : [];
export const joinCodes = (codes: string[], sep: string): string | undefined => (codes.length ? codes.join(sep) : undefined);

/* The spec's dynamic-form field descriptor (spec section 3). */

export type Flag = boolean | number | string | null | undefined;

export interface SpecField {
  fieldName: string;
  /** the label */
  name: string;
  /** int, varchar or datetime (the dynamic tables add money and date) */
  type?: string | null;
  /** single_organ_choice, multiple_organ_choice, single_user_choice, multiple_user_choice */
  showType?: string | null;
  isDict?: Flag;
  dictGroupCode?: string | null;
  /** with isDict: one item (default) or several */
  choiceSingle?: Flag;
  /** not in the spec: the dynamic tables may mark a field required */
  required?: Flag;
}

const on = (f: Flag) => f === true || f === 1 || f === '1' || f === 'true';
const off = (f: Flag) => f === false || f === 0 || f === '0' || f === 'false';

/** Maps a spec field descriptor to a form field: the show type first, then the dictionary, then the data type. */
export function fromSpecField(s: SpecField): FieldDescriptor {
  const base = { name: s.fieldName, label: s.name, required: on(s.required) };
  switch (s.showType) {
    case 'single_organ_choice':
      return { ...base, type: 'org' };
    case 'multiple_organ_choice':
      return { ...base, type: 'org', multiple: true };
    case 'single_user_choice':
      return { ...base, type: 'user' };
    case 'multiple_user_choice':
      return { ...base, type: 'user', multiple: true };
  }
  if (on(s.isDict) && s.dictGroupCode) return { ...base, type: 'select', dictKey: s.dictGroupCode, multiple: off(s.choiceSingle) };
  switch (s.type) {
    case 'int':
      return { ...base, type: 'number', decimals: 0 };
    case 'datetime':
      return { ...base, type: 'datetime' };
    case 'money': // an exact amount of yuan (the dynamic tables)
      return { ...base, type: 'number', decimals: 2 };
    case 'date':
      return { ...base, type: 'date' };
    default:
      return { ...base, type: 'text' };
  }
}

/** A picker's day before today (a date field with notPast: a due date cannot already be over). */
export function beforeToday(d: Dayjs, now: Dayjs = dayjs()): boolean {
  return d.isBefore(now.startOf('day'));
}
