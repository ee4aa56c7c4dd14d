/**
 * The record drawer of the portal follows the route query `id` on every portal screen: `?id=` in a URL opens it (a
 * shared link, a message), opening it is a history entry (Back closes it), and closing it goes back when it was
 * opened here, else drops `id` from the URL.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/** The record id of a route query, undefined when none or malformed. */
export function recordIdOf(q: URLSearchParams): number | undefined {
  const s = q.get('id') ?? '';
  return /^[1-9]\d{0,17}$/.test(s) ? Number(s) : undefined;
}

/** The query with the record's drawer open (or closed: undefined); the rest stays. */
export function withRecord(q: URLSearchParams, id: number | undefined): URLSearchParams {
  const out = new URLSearchParams(q);
  if (id) out.set('id', String(id));
  else out.delete('id');
  return out;
}

interface DrawerState {
  recordDrawer?: boolean;
}

export function useRecordDrawer() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = recordIdOf(search);
  const opened = (location.state as DrawerState | null)?.recordDrawer === true;
  const open = useCallback(
    (recordId: number) => setSearch((q) => withRecord(q, recordId), { state: { recordDrawer: true } satisfies DrawerState }),
    [setSearch],
  );
  const close = useCallback(() => {
    if (opened) navigate(-1);
    else setSearch((q) => withRecord(q, undefined), { replace: true });
  }, [opened, navigate, setSearch]);
  /** the address of a record's drawer on this screen (for links that open in a new tab) */
  const hrefOf = useCallback((recordId: number) => `${location.pathname}?${withRecord(search, recordId)}`, [location.pathname, search]);
  return { id, open, close, hrefOf };
}
