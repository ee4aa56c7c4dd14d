// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, settle } from '../testing/render';
import { useLazyModule } from './useLazyModule';

afterEach(cleanup);

/** A loader whose module arrives when the test says so. */
function deferredLoader(name: string) {
  let arrive!: () => void;
  const gate = new Promise<void>((r) => (arrive = r));
  const load = vi.fn(() => gate.then(() => ({ name })));
  return { load, arrive };
}

function Shows({ load, testId }: { load: () => Promise<{ name: string }>; testId: string }) {
  const m = useLazyModule(load);
  return <span data-testid={testId}>{m ? m.name : 'waiting'}</span>;
}

const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent;

describe('useLazyModule', () => {
  it('shows nothing until the module arrives, then the module in every user, and at once to a later user', async () => {
    const { load, arrive } = deferredLoader('echarts');
    await render(
      <>
        <Shows load={load} testId="a" />
        <Shows load={load} testId="b" />
      </>,
    );
    expect([text('a'), text('b')]).toEqual(['waiting', 'waiting']);
    arrive();
    await settle();
    expect([text('a'), text('b')]).toEqual(['echarts', 'echarts']);

    const calls = load.mock.calls.length;
    await render(<Shows load={load} testId="c" />);
    expect(text('c')).toBe('echarts');
    expect(load.mock.calls.length).toBe(calls);
  });

  it('lets a component go before its module arrives (no race flag), and keeps the module for the next one', async () => {
    const { load, arrive } = deferredLoader('icon');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = await render(<Shows load={load} testId="gone" />);
    await first.unmount();
    arrive();
    await settle();
    await render(<Shows load={load} testId="next" />);
    expect(text('next')).toBe('icon');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('says on the console when a module cannot be loaded, and keeps waiting', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = () => Promise.reject<{ name: string }>(new Error('chunk gone'));
    await render(<Shows load={load} testId="broken" />);
    await settle();
    expect(text('broken')).toBe('waiting');
    expect(errors).toHaveBeenCalledWith('lazy module not loaded', expect.any(Error));
    errors.mockRestore();
  });
});
