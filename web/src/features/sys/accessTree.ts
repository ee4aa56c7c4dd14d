/** Pure helpers of the menu, function and resource screens (tested in accessTree.test.ts). */

export interface TreeMenu {
  id: number;
  code: string;
  children: TreeMenu[];
}

/** Finds a menu and its parent (undefined at the top level) by id. */
export function locate<T extends TreeMenu>(tree: T[], id: number, parent?: T): { node: T; parent?: T; siblings: T[] } | undefined {
  for (const n of tree) {
    if (n.id === id) return { node: n, parent, siblings: tree };
    const hit = locate(n.children as T[], id, n);
    if (hit) return hit;
  }
  return undefined;
}

/** The ids of the menus above id, from the top (empty at the top level or when absent). */
export function ancestorIds(tree: TreeMenu[], id: number): number[] {
  for (const n of tree) {
    if (n.id === id) return [];
    const below = ancestorIds(n.children, id);
    if (below.length || n.children.some((c) => c.id === id)) return [n.id, ...below];
  }
  return [];
}

/** What antd's Tree tells about a drop: where it landed relative to the target node. */
export interface Drop {
  dragId: number;
  targetId: number;
  /** true: before or after the target (a gap); false: onto the target (becomes its first child) */
  toGap: boolean;
  /** -1 before the target, 1 after it (gaps only) */
  side: -1 | 0 | 1;
}

/**
 * The PUT /api/sys/menu/move call of a drop: the new parent (0 for the top level) and the position among the
 * new siblings counted without the dragged menu (that is how the server inserts it). Undefined for a drop that
 * changes nothing or would put a menu below itself.
 */
export function moveOf(tree: TreeMenu[], d: Drop): { id: number; parentId: number; index: number } | undefined {
  if (d.dragId === d.targetId) return undefined;
  const drag = locate(tree, d.dragId);
  const target = locate(tree, d.targetId);
  if (!drag || !target || locate(drag.node.children, d.targetId)) return undefined;
  if (!d.toGap) return { id: d.dragId, parentId: d.targetId, index: 0 };
  const siblings = target.siblings.filter((s) => s.id !== d.dragId);
  const at = siblings.findIndex((s) => s.id === d.targetId);
  const index = d.side === -1 ? at : at + 1;
  const parentId = target.parent?.id ?? 0;
  const sameParent = (drag.parent?.id ?? 0) === parentId;
  if (sameParent && index === drag.siblings.indexOf(drag.node)) return undefined; // dropped where it already was
  return { id: d.dragId, parentId, index };
}

/** The relative side antd reports for a gap drop: dropPosition minus the target's own index in its pos path. */
export function sideOf(dropPosition: number, targetPos: string): -1 | 0 | 1 {
  const own = Number(targetPos.split('-').pop());
  const rel = dropPosition - own;
  return rel < 0 ? -1 : rel > 0 ? 1 : 0;
}

/** The order numbers that changed: [{id, sort}] for every row whose edited number differs from the stored one. */
export function changedOrders(rows: { id: number; sort: number }[], edited: Record<number, number | null | undefined>) {
  return rows
    .filter((r) => edited[r.id] !== undefined && edited[r.id] !== null && edited[r.id] !== r.sort)
    .map((r) => ({ id: r.id, sort: edited[r.id] as number }));
}

/** The resources (function routes) that any of the codes opens, each with the codes that open it. */
export function openedBy<R extends { funCodes: string[] }>(resources: R[], codes: Iterable<string>): (R & { via: string[] })[] {
  const held = new Set(codes);
  const out: (R & { via: string[] })[] = [];
  for (const r of resources) {
    const via = r.funCodes.filter((c) => held.has(c));
    if (via.length) out.push({ ...r, via });
  }
  return out;
}

/** A resource's codes after an edit keep its locked codes (the server refuses otherwise). */
export function keepLocked(codes: string[], locked: string[]): string[] {
  const out = [...codes];
  for (const l of locked) if (!out.includes(l)) out.push(l);
  return out;
}

export interface MenuOption {
  value: string;
  title: string;
  children: MenuOption[];
}

interface NamedMenu {
  code: string;
  name: string;
  children: NamedMenu[];
}

/** TreeSelect choices of menus by code: every menu but `without` and what is below it (a menu's new parent). */
export function menuOptions(tree: NamedMenu[], without?: string): MenuOption[] {
  return tree
    .filter((m) => m.code !== without)
    .map((m) => ({ value: m.code, title: `${m.name} (${m.code})`, children: menuOptions(m.children, without) }));
}
