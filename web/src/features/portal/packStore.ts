/**
 * 我的标书包: the caller's collection of materials across types, kept on the server (docs/portal.md, 'Bid pack').
 * One store per page load shared by the header's badge, the pack drawer and every 'add to my bid pack' button:
 * writes show at once (optimistic) and are then confirmed by the server's list; a refused write is taken back.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { addToPackApi, clearPackApi, delFromPackApi, getPack, type PortalHit, type PortalPackItem } from '../../api/portal';
import { useSession } from '../../lib/session';

/** The server keeps at most this many records in a pack. */
export const PACK_MAX = 100;

export interface PackSnapshot {
  status: 'idle' | 'loading' | 'ready' | 'error';
  records: readonly PortalPackItem[];
  ids: ReadonlySet<number>;
  /** records whose add or remove is on its way */
  pending: ReadonlySet<number>;
}

const EMPTY: PackSnapshot = { status: 'idle', records: [], ids: new Set(), pending: new Set() };

let snap: PackSnapshot = EMPTY;
let owner: number | undefined;
let loading: Promise<void> | undefined;
/** every load and write takes a number: an answer older than the newest write is not applied */
let seq = 0;
const listeners = new Set<() => void>();

function set(patch: Partial<Omit<PackSnapshot, 'ids'>>) {
  const records = patch.records ?? snap.records;
  snap = { ...snap, ...patch, records, ids: patch.records ? new Set(records.map((r) => r.id)) : snap.ids };
  listeners.forEach((l) => l());
}

function setPending(ids: readonly number[], on: boolean) {
  const pending = new Set(snap.pending);
  ids.forEach((id) => (on ? pending.add(id) : pending.delete(id)));
  set({ pending });
}

export const packSnapshot = () => snap;

export function subscribePack(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Forget the pack (another user signed in; tests). */
export function resetPack() {
  seq++;
  loading = undefined;
  owner = undefined;
  snap = EMPTY;
  listeners.forEach((l) => l());
}

/** Ask the server for the pack, unless it is loaded (force: again). A failure keeps what is shown. */
export function loadPack(force = false): Promise<void> {
  if (!force && (snap.status === 'ready' || loading)) return loading ?? Promise.resolve();
  const mine = ++seq;
  if (snap.status !== 'ready') set({ status: 'loading' });
  const p = getPack({ silent: true }).then(
    (d) => {
      if (mine === seq) set({ status: 'ready', records: Array.isArray(d?.records) ? d.records : [] });
    },
    () => {
      if (mine === seq) set({ status: snap.status === 'ready' ? 'ready' : 'error' });
    },
  );
  loading = p.finally(() => {
    if (loading === p || mine === seq) loading = undefined;
  });
  return loading;
}

/** Add materials; resolves true when the server took them (the error toast is the client's). */
export async function addToPack(hits: readonly PortalHit[]): Promise<boolean> {
  const fresh = hits.filter((h, i) => !snap.ids.has(h.id) && hits.findIndex((x) => x.id === h.id) === i);
  if (!fresh.length) return true;
  const ids = fresh.map((h) => h.id);
  seq++;
  // the server lists the newest additions first
  set({ records: [...fresh.map((h) => ({ ...h, highlights: {} })), ...snap.records] });
  setPending(ids, true);
  try {
    await addToPackApi(ids);
    return true;
  } catch {
    set({ records: snap.records.filter((r) => !ids.includes(r.id)) });
    return false;
  } finally {
    setPending(ids, false);
    void loadPack(true);
  }
}

/** Take materials out of the pack. */
export async function removeFromPack(ids: readonly number[]): Promise<boolean> {
  const gone = snap.records.filter((r) => ids.includes(r.id));
  if (!gone.length) return true;
  seq++;
  set({ records: snap.records.filter((r) => !ids.includes(r.id)) });
  setPending(ids, true);
  try {
    await delFromPackApi([...ids]);
    return true;
  } catch {
    set({ records: [...snap.records, ...gone.filter((g) => !snap.ids.has(g.id))] });
    return false;
  } finally {
    setPending(ids, false);
    void loadPack(true);
  }
}

/** Empty the pack. */
export async function clearPack(): Promise<boolean> {
  const before = snap.records;
  seq++;
  set({ records: [] });
  try {
    await clearPackApi();
    return true;
  } catch {
    set({ records: before });
    return false;
  } finally {
    void loadPack(true);
  }
}

/** The pack of the signed-in user (loaded on first use, asked again when the user changes). */
export function usePack(): PackSnapshot {
  const userId = useSession()?.userId;
  const value = useSyncExternalStore(subscribePack, packSnapshot);
  useEffect(() => {
    if (userId == null) return;
    if (owner !== userId) {
      if (owner !== undefined) resetPack();
      owner = userId;
    }
    void loadPack();
  }, [userId]);
  return value;
}
