import { lazy, Suspense, useCallback, useState, type Key } from 'react';
import { toast } from '../../api/client';
import { t } from '../../i18n';

// antd's Modal (the confirm dialog) loads with the first prompt, not with every list page.
const DangerPrompt = lazy(() => import('./DangerPrompt'));

/** Warns when a batch action is started with nothing ticked; returns whether anything is ticked. */
export function requireTicked(keys: Key[], forDelete = false): boolean {
  if (keys.length > 0) return true;
  toast('warning', t(forDelete ? 'msg.tickToDelete' : 'list.tickFirst'));
  return false;
}

/**
 * The confirm prompt before a delete or another destructive action: 'This operation cannot be undone, continue?'.
 * Render `holder` once in the page.
 */
export function useConfirmDanger() {
  // the prompt asked for, mounted until its dialog has closed; `n` gives each prompt a fresh one
  const [ask, setAsk] = useState<{ n: number; onOk: () => Promise<unknown> | void }>();
  const confirmDanger = (onOk: () => Promise<unknown> | void) => setAsk((a) => ({ n: (a?.n ?? 0) + 1, onOk }));
  const closed = useCallback(() => setAsk(undefined), []);
  const holder = ask ? (
    <Suspense fallback={null}>
      <DangerPrompt key={ask.n} onOk={ask.onOk} onClosed={closed} />
    </Suspense>
  ) : null;
  return { confirmDanger, holder };
}
