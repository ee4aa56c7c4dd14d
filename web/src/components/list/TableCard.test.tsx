// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { act } from 'react';
import { byTestId, cleanup, click, render, settle } from '../../testing/render';
import TableCard from './TableCard';
import type { ListController } from './useList';

vi.setConfig({ testTimeout: 30_000 });

/** matchMedia whose answers follow a window width the test sets, telling antd's breakpoints when it changes. */
function controllableWidth(initial: number) {
  let width = initial;
  const listeners = new Set<{ query: string; fn(e: { matches: boolean }): void }>();
  const matches = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addListener: (fn: (e: { matches: boolean }) => void) => listeners.add({ query, fn }),
      removeListener: () => undefined,
      addEventListener: (_: string, fn: (e: { matches: boolean }) => void) => listeners.add({ query, fn }),
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return (w: number) => {
    width = w;
    for (const l of listeners) l.fn({ matches: matches(l.query) });
  };
}

/** An action holding state of its own, as the export button holds its background job's dialog. */
function Counter() {
  const [n, setN] = useState(0);
  return (
    <button data-testid="counter" onClick={() => setN(n + 1)}>
      {n}
    </button>
  );
}

const list = {
  state: { page: 1, limit: 10 },
  data: { records: [{ id: 1, name: 'a' }], total: 1, current: 1, limit: 10, pages: 1 },
  selectedKeys: [],
  setSelectedKeys: () => undefined,
} as unknown as ListController<{ id: number; name: string }>;

afterEach(cleanup);

describe('TableCard', () => {
  it.each([
    ['wide to phone', 1440, 390],
    ['phone to wide', 390, 1440],
  ])('keeps what its actions hold when the window goes from %s', async (_, from, to) => {
    const resize = controllableWidth(from);
    await render(
      <MemoryRouter>
        <TableCard list={list} rowKey="id" columns={[{ titleKey: 'list.dataList', dataIndex: 'name' }]} actions={<Counter />} />
      </MemoryRouter>,
    );
    await click(byTestId('counter'));
    await click(byTestId('counter'));
    expect(byTestId('counter').textContent).toBe('2');
    await act(async () => resize(to));
    await settle();
    expect(document.querySelector('.bd-panel-stacked') !== null).toBe(to < 768);
    expect(byTestId('counter').textContent).toBe('2');
  });
});
