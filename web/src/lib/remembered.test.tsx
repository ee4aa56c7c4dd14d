// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '../testing/render';
import { lazyRemembered, remembered } from './remembered';

const Hello = () => <p data-testid="hello">hello</p>;
const shown = () => document.querySelector('[data-testid="hello"]') !== null;
/** counts the fallback's renders */
let fallbacks = 0;
function Fallback() {
  fallbacks++;
  return <p data-testid="fallback" />;
}

afterEach(cleanup);

describe('remembered loaders', () => {
  it('ask once, and again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Hello });
    const m = remembered(load);
    await expect(m.load()).rejects.toThrow('offline');
    expect(m.value()).toBeUndefined();
    await m.load();
    await m.load();
    expect(load).toHaveBeenCalledTimes(2);
    expect(m.value()).toEqual({ default: Hello });
  });

  it('a lazy component over a loaded module renders in the first pass, without its fallback', async () => {
    const m = remembered(async () => ({ default: Hello }));
    await m.load();
    const Lazy = lazyRemembered(m);
    fallbacks = 0;
    await render(
      <Suspense fallback={<Fallback />}>
        <Lazy />
      </Suspense>,
    );
    expect(shown()).toBe(true);
    expect(fallbacks).toBe(0);
  });

  it('a lazy component over a module not loaded yet suspends as React.lazy does', async () => {
    let arrive: (m: { default: typeof Hello }) => void = () => {};
    const m = remembered(() => new Promise<{ default: typeof Hello }>((resolve) => (arrive = resolve)));
    const Lazy = lazyRemembered(m);
    fallbacks = 0;
    await render(
      <Suspense fallback={<Fallback />}>
        <Lazy />
      </Suspense>,
    );
    expect(fallbacks).toBeGreaterThan(0);
    expect(shown()).toBe(false);
    arrive({ default: Hello });
    await waitFor(() => expect(shown()).toBe(true));
  });
});
