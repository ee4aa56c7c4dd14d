import { useCallback, useMemo, useState } from 'react';
import { getSession } from '../../lib/session';

/** What a user chose for one table's columns: their order and the hidden ones, by column key. */
export interface ColumnChoice {
  order: string[];
  hidden: string[];
}

const PREFIX = 'biddesk.columns.';

/** The storage key of a table's choice: per account, per table. */
export function choiceKey(tableId: string): string {
  const user = getSession();
  return `${PREFIX}${user?.userId ?? user?.LoginCode ?? 'anonymous'}.${tableId}`;
}

function read(key: string): ColumnChoice | null {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? 'null') as ColumnChoice | null;
    return v && Array.isArray(v.order) && Array.isArray(v.hidden) ? v : null;
  } catch {
    return null;
  }
}

/**
 * Applies a choice to the columns: the chosen order first (keys no longer there dropped), new columns after in
 * their own order; pinned columns (the actions) always shown, at their place at the end.
 */
export function applyChoice<C>(columns: C[], keyOf: (c: C) => string, pinned: (c: C) => boolean, choice: ColumnChoice | null): C[] {
  if (!choice) return columns;
  const movable = columns.filter((c) => !pinned(c));
  const byKey = new Map(movable.map((c) => [keyOf(c), c] as const));
  const ordered = [
    ...choice.order.map((k) => byKey.get(k)).filter((c): c is C => c !== undefined),
    ...movable.filter((c) => !choice.order.includes(keyOf(c))),
  ];
  const hidden = new Set(choice.hidden);
  return [...ordered.filter((c) => !hidden.has(keyOf(c))), ...columns.filter(pinned)];
}

/** The column choice of a table, remembered in this browser for the signed-in account. */
export function useColumnChoice(tableId: string) {
  const key = choiceKey(tableId);
  const [choice, setChoiceState] = useState<ColumnChoice | null>(() => read(key));
  const setChoice = useCallback(
    (next: ColumnChoice | null) => {
      setChoiceState(next);
      try {
        if (next) localStorage.setItem(key, JSON.stringify(next));
        else localStorage.removeItem(key);
      } catch {
        // a full or blocked storage only loses the memory of the choice
      }
    },
    [key],
  );
  return useMemo(() => ({ choice, setChoice }), [choice, setChoice]);
}
