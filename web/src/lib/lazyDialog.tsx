import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { useEver } from './useEver';

/**
 * A dialog whose code is fetched when it first opens, not with the page that holds it (issue 28: a list's full load
 * downloaded and compiled every dialog of the page before its rows showed). From then on it stays mounted, so that
 * its closing still animates. Dialogs opened by a flag other than `open` use useEver and React.lazy as here.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Dialog = lazy(load);
  return function LazyDialog(props: P) {
    if (!useEver(props.open)) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...(props as ComponentProps<typeof Dialog>)} />
      </Suspense>
    );
  };
}
