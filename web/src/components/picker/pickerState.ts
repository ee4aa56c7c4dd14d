/**
 * The organisation/employee picker's state, as pure functions (spec sections 3, 4 and 5): the chosen lists and
 * their check flags, add / delete / clear, de-duplication (units by fullUnitCode, employees by code), the
 * single-select rules, the joined values of the form controls and the parsing of pasted lines.
 */
import type { PickerEmployee, PickerUnit } from '../../api/org';

/** One paste of the employee import holds at most this many lines (spec section 9). */
export const MAX_PASTE_LINES = 1000;
/** Multi-select values: organisation codes joined with '-', names and user codes with ',' (spec section 3). */
export const UNIT_CODE_SEPARATOR = '-';
export const NAME_SEPARATOR = ',';
export const USER_CODE_SEPARATOR = ',';

/** The picker's result (spec section 3). */
export interface Selection {
  organ: PickerUnit[];
  employee: PickerEmployee[];
}

export type Group = keyof Selection;

/** The right panel: the chosen units and employees and which of them are ticked for deletion. */
export interface Chosen extends Selection {
  checked: { organ: string[]; employee: string[] };
}

export const emptyChosen = (): Chosen => ({ organ: [], employee: [], checked: { organ: [], employee: [] } });

export const unitKey = (u: Pick<PickerUnit, 'fullUnitCode'>) => u.fullUnitCode;
export const employeeKey = (e: Pick<PickerEmployee, 'code'>) => e.code;

/** The first of each key, in order. */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export const dedupUnits = (units: readonly PickerUnit[]) => uniqueBy(units, unitKey);
export const dedupEmployees = (employees: readonly PickerEmployee[]) => uniqueBy(employees, employeeKey);

/**
 * Whether a unit may be chosen: never the three special roots (the group, the service company, the 'subordinate
 * companies' placeholder) nor a disabled unit (spec sections 6 and 9).
 */
export const isSelectable = (u: Pick<PickerUnit, 'disabled' | 'special'>) => !u.disabled && !u.special;

/** Start from a previous result (the dialog opens with it). */
export const chosenFrom = (s?: Partial<Selection>): Chosen => ({
  organ: dedupUnits((s?.organ ?? []).filter(isSelectable)),
  employee: dedupEmployees(s?.employee ?? []),
  checked: { organ: [], employee: [] },
});

/** Add: the union with the ticked units (specials and disabled ones left out). */
export const addUnits = (c: Chosen, units: readonly PickerUnit[]): Chosen => ({
  ...c,
  organ: dedupUnits([...c.organ, ...units.filter(isSelectable)]),
});

/** Add: the union with the ticked or parsed employees. */
export const addEmployees = (c: Chosen, employees: readonly PickerEmployee[]): Chosen => ({
  ...c,
  employee: dedupEmployees([...c.employee, ...employees]),
});

/** A key list with key toggled (a list item's check flag, spec section 4). */
export const toggleKey = (keys: readonly string[], key: string): string[] =>
  keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key];

/** Click on a chosen item: toggle its check flag. */
export const toggleChosen = (c: Chosen, group: Group, key: string): Chosen => ({
  ...c,
  checked: { ...c.checked, [group]: toggleKey(c.checked[group], key) },
});

export const hasChecked = (c: Chosen) => c.checked.organ.length + c.checked.employee.length > 0;

/** Delete: remove the checked items from both groups. */
export const deleteChecked = (c: Chosen): Chosen => ({
  organ: c.organ.filter((u) => !c.checked.organ.includes(unitKey(u))),
  employee: c.employee.filter((e) => !c.checked.employee.includes(employeeKey(e))),
  checked: { organ: [], employee: [] },
});

/** The result the dialog emits on confirm. */
export const selectionOf = (c: Chosen): Selection => ({ organ: c.organ, employee: c.employee });

/** Single-select: the result of clicking a node, or undefined when the node is greyed (nothing happens). */
export const singlePick = (u: PickerUnit): Selection | undefined => (isSelectable(u) ? { organ: [u], employee: [] } : undefined);

/* ---------- the joined values of the form controls ---------- */

export const joinUnitCodes = (units: readonly PickerUnit[]) => units.map(unitKey).join(UNIT_CODE_SEPARATOR);
export const joinUnitNames = (units: readonly PickerUnit[]) => units.map((u) => u.unitName).join(NAME_SEPARATOR);
export const joinUserCodes = (employees: readonly PickerEmployee[]) => employees.map(employeeKey).join(USER_CODE_SEPARATOR);
export const joinUserNames = (employees: readonly PickerEmployee[]) => employees.map((e) => e.name).join(NAME_SEPARATOR);

const split = (value: string | undefined, sep: string) => (value ?? '').split(sep).map((s) => s.trim()).filter(Boolean);
export const splitUnitCodes = (value?: string) => split(value, UNIT_CODE_SEPARATOR);
export const splitUserCodes = (value?: string) => split(value, USER_CODE_SEPARATOR);
export const splitNames = (value?: string) => split(value, NAME_SEPARATOR);

/** How an employee is shown: name(code) (spec section 3). */
export const employeeLabel = (e: PickerEmployee) => `${e.name}(${e.code})`;

/* ---------- pasted lines ---------- */

export interface ParsedLines {
  /** trimmed, non-blank, each once, in order */
  lines: string[];
  /** more than MAX_PASTE_LINES lines: the paste is refused with the hint */
  tooMany: boolean;
}

/** One entry per line: trim, drop blanks and repeats; at most 1000 lines per paste. */
export function parseLines(text: string, max = MAX_PASTE_LINES): ParsedLines {
  const lines = uniqueBy(
    text.split(/\r?\n|\r/).map((l) => l.trim()).filter(Boolean),
    (l) => l,
  );
  return { lines, tooMany: lines.length > max };
}

/** Names for the name search: separated by commas (also full-width), enumeration commas, spaces or new lines. */
export const parseNames = (text: string): string[] =>
  uniqueBy(text.split(/[\s,，、;；]+/).map((n) => n.trim()).filter(Boolean), (n) => n);

/** How pasted lines are compared with the employees found. */
export type LookupKind = 'code' | 'account' | 'name';

const fold = (s: string) => s.trim().toLowerCase();

/** The keys of an employee a line of this kind can match: the line the server found it by (match), else its fields. */
function keysOf(e: PickerEmployee & { phone?: string; email?: string }, kind: LookupKind): string[] {
  if (e.match) return [e.match];
  if (kind === 'code') return [e.code];
  if (kind === 'name') return [e.name];
  return [e.phone, e.email].filter((v): v is string => !!v);
}

/**
 * The lines that matched nobody. Codes, phones and e-mails are compared case-insensitively, names exactly. The
 * server names the line each employee was found by (match); for an older answer of an account import without it,
 * only a shortfall is known, and every line counts as matched when the numbers agree.
 */
export function unmatchedLines(lines: readonly string[], found: readonly PickerEmployee[], kind: LookupKind): string[] {
  const norm = kind === 'name' ? (s: string) => s.trim() : fold;
  const keys = new Set(found.flatMap((e) => keysOf(e, kind)).map(norm));
  if (kind === 'account' && keys.size === 0) return found.length >= lines.length ? [] : [...lines];
  return lines.filter((l) => !keys.has(norm(l)));
}

/* ---------- the lazily loaded tree ---------- */

export interface UnitTreeNode {
  key: string;
  unit: PickerUnit;
  isLeaf: boolean;
  children?: UnitTreeNode[];
}

/** Whether a unit has children to expand (isClick: a unit that is not clickable is a leaf). */
export const hasChildren = (u: PickerUnit) => u.hasChildren ?? u.isClick;

/**
 * The nested tree of the units loaded so far: a unit whose parent is not loaded is a root (the root query's
 * answer); children follow their load order. Units loaded twice appear once.
 */
export function buildTree(units: readonly PickerUnit[]): UnitTreeNode[] {
  const all = dedupUnits(units);
  const codes = new Set(all.map(unitKey));
  const byParent = new Map<string, PickerUnit[]>();
  for (const u of all) {
    const p = u.parentFullUnitCode && codes.has(u.parentFullUnitCode) ? u.parentFullUnitCode : '';
    byParent.set(p, [...(byParent.get(p) ?? []), u]);
  }
  const node = (u: PickerUnit): UnitTreeNode => {
    const kids = byParent.get(u.fullUnitCode);
    return { key: u.fullUnitCode, unit: u, isLeaf: !hasChildren(u), ...(kids ? { children: kids.map(node) } : {}) };
  };
  return (byParent.get('') ?? []).map(node);
}

/** The level of a unit's children: the unit's level plus 1 (spec section 4). */
export const childLevel = (u: Pick<PickerUnit, 'level'>) => String((Number(u.level) || 0) + 1);

/** The units behind ticked tree keys, in tick order, leaving out keys not loaded. */
export function unitsOfKeys(keys: readonly string[], units: readonly PickerUnit[]): PickerUnit[] {
  const byCode = new Map(units.map((u) => [unitKey(u), u]));
  return keys.map((k) => byCode.get(k)).filter((u): u is PickerUnit => !!u);
}
