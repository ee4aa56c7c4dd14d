/**
 * The experts chosen for a Word book, in book order (pure functions, tested). The server takes at most
 * MAX_BOOK_EXPERTS experts, each once.
 */
export const MAX_BOOK_EXPERTS = 100;

export interface Chosen {
  id: number;
}

/** Appends the items not chosen yet, in their order, up to the limit; `dropped` counts what did not fit. */
export function addChosen<T extends Chosen>(list: T[], items: T[]): { list: T[]; dropped: number } {
  const have = new Set(list.map((c) => c.id));
  const out = [...list];
  let dropped = 0;
  for (const item of items) {
    if (have.has(item.id)) continue;
    if (out.length >= MAX_BOOK_EXPERTS) {
      dropped++;
      continue;
    }
    have.add(item.id);
    out.push(item);
  }
  return { list: out, dropped };
}

export const removeChosen = <T extends Chosen>(list: T[], id: number): T[] => list.filter((c) => c.id !== id);

/** Moves the item at `from` to position `to` (a drop, or one step up or down); out-of-range moves change nothing. */
export function moveChosen<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}
