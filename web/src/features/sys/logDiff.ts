/** Side-by-side comparison of a business-log record before and after its change (pure, tested). */
import { formatTime } from '../../lib/format';

export interface FieldRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

type Rec = Record<string, unknown>;

const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Structural equality of two JSON values. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && sameValue(a[k], b[k]));
  }
  return false;
}

/**
 * One row per field, in the record's order (the fields of `after`, then those only `before` has). A created record
 * (no before) or a deleted one (no after) has every field changed.
 */
export function diffRecords(before: unknown, after: unknown): FieldRow[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
  return fields.map((field) => ({ field, before: b[field], after: a[field], changed: !sameValue(b[field], a[field]) }));
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A field's value as text: times in local time, lists of named things (roles) by name, other objects as JSON. */
export function showValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return ISO_TIME.test(v) ? formatTime(v) : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map((e) => (isRecord(e) && 'name' in e ? showValue(e.name) : showValue(e))).join(', ');
  return JSON.stringify(v);
}
