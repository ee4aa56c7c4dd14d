/**
 * How a library type's descriptor (GET /api/library/types) becomes a screen: search fields, form fields, the form's
 * values to and from a record. Pure functions (tested); the React page renders what they describe.
 */
import type { LibField, LibRecord, LibType } from '../../api/library';
import type { FieldDescriptor, TextCheck } from '../../components/form/fields';
import type { FieldParams } from '../../components/list/query';

/** The routes of the library's types; the admin expert list shows the experts read-only. */
export const EXPERT_LIST_PATH = '/expert_talents_manage';

/** The type a route shows. */
export function typeOfPath(types: LibType[], path: string): LibType | undefined {
  const p = path.toLowerCase();
  if (p === EXPERT_LIST_PATH.toLowerCase()) return types.find((t) => t.key === 'expert');
  return types.find((t) => t.path.toLowerCase() === p);
}

/** What kind of search control a field gets. */
export type SearchKind = 'text' | 'dict' | 'dateRange' | 'unit' | 'tag';

export interface SearchSpec extends FieldParams {
  kind: SearchKind;
  label: string;
  dict?: string;
}

/** The search card of a type: the keyword box, then each searchable field in the descriptor's order. */
export function searchSpecs(type: LibType, keywordsLabel: string): SearchSpec[] {
  const out: SearchSpec[] = [{ names: ['keywords'], kind: 'text', label: keywordsLabel }];
  for (const f of type.fields) {
    switch (f.search) {
      case 'contains':
        out.push({ names: [f.key], kind: 'text', label: f.label });
        break;
      case 'exact':
        out.push({ names: [f.key], kind: 'dict', label: f.label, dict: f.dict });
        break;
      case 'range':
        out.push({ names: [`${f.key}From`, `${f.key}To`], kind: 'dateRange', label: f.label });
        break;
      case 'unit':
        out.push({ names: [f.key], kind: 'unit', label: f.label });
        break;
      case 'tag':
        out.push({ names: ['tagId'], kind: 'tag', label: f.label });
        break;
    }
  }
  return out;
}

const PATTERNS: Record<string, TextCheck> = { mobile: 'mobile', email: 'email', landline: 'landline', postcode: 'postcode', plate: 'plate', idcard: 'idcard' };

/**
 * The form field of a descriptor field, for the kinds the described form draws itself; undefined for the kinds the
 * page gives a widget (employee, tags, files, rich text, rows) and for read-only fields.
 */
export function formField(f: LibField): FieldDescriptor | undefined {
  const base = { name: f.key, label: f.label, required: f.required, testId: `lib-field-${f.key}` };
  if (f.readOnly) return undefined;
  switch (f.kind) {
    case 'text':
      return { ...base, type: 'text', maxLength: f.max || 200, check: f.pattern ? PATTERNS[f.pattern] : undefined };
    case 'textarea':
      return { ...base, type: 'textarea', maxLength: f.max || 2000, rows: 4 };
    case 'number':
      return { ...base, type: 'number', decimals: 0, nonNegative: true, max: f.max || undefined };
    case 'money':
      return { ...base, type: 'number', decimals: 2, nonNegative: true, max: f.max || undefined };
    case 'date':
      return { ...base, type: 'date' };
    case 'dict':
      return { ...base, type: 'select', dictKey: f.dict ?? '' };
    case 'switch':
      return { ...base, type: 'switch' };
    case 'unit':
      return { ...base, type: 'org' };
    case 'user':
      return { ...base, type: 'user' };
  }
  return undefined;
}

/** A dictionary value as the dictionary store keeps it: numeric strings are numbers (spec section 3). */
const dictValue = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v);

/** The form's values of a record (edit), or {} for a new one. */
export function formValues(type: LibType, rec?: LibRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!rec) return out;
  for (const f of type.fields) {
    const v = rec[f.key];
    switch (f.kind) {
      case 'dict':
        out[f.key] = v === '' || v == null ? undefined : dictValue(v);
        break;
      case 'tags':
        out[f.key] = ((v as { id: number }[] | undefined) ?? []).map((tg) => tg.id);
        break;
      case 'user':
        out[f.key] = rec[`${f.key}Login`] || undefined;
        break;
      case 'employee':
      case 'unit':
      case 'text':
      case 'textarea':
      case 'date':
      case 'rich':
        out[f.key] = v === '' || v == null ? undefined : v;
        break;
      default:
        out[f.key] = v ?? undefined;
    }
  }
  return out;
}

/** What the add and edit calls send: every field the form holds (files as their ids, empty values as ''). */
export function formPayload(type: LibType, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of type.fields) {
    if (f.readOnly) continue;
    const v = values[f.key];
    if (f.kind === 'files') out[f.key] = ((v as { id: number }[] | undefined) ?? []).map((x) => x.id);
    else if (f.kind === 'tags' || f.kind === 'rows') out[f.key] = v ?? [];
    else out[f.key] = v ?? '';
  }
  return out;
}

/** The expiry badge of a record: its colour and days. */
export function expiryBadge(rec: LibRecord): { color: 'red' | 'orange'; days: number } | undefined {
  const days = typeof rec.daysLeft === 'number' ? rec.daysLeft : 0;
  if (rec.expiry === 'expired') return { color: 'red', days: -days };
  if (rec.expiry === 'expiring') return { color: 'orange', days };
  return undefined;
}

/** Status colours of the review states. */
export const STATUS_COLOR: Record<string, string> = { draft: 'default', pending: 'gold', published: 'green', rejected: 'red' };

/**
 * The spans of a description list's items so that every row is full: a full-width item (`true`) starts a row of its
 * own, the item before it stretches to the end of its row, and so does the last item.
 */
export function fillSpans(full: readonly boolean[], column: number): number[] {
  const out: number[] = [];
  let used = 0;
  const stretchLast = () => {
    if (used > 0 && out.length) out[out.length - 1] += column - used;
    used = 0;
  };
  for (const f of full) {
    if (f || column <= 1) {
      stretchLast();
      out.push(column);
      continue;
    }
    out.push(1);
    used += 1;
    if (used === column) used = 0;
  }
  stretchLast();
  return out;
}
