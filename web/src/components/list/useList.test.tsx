// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { act } from 'react';
import { configureClient, request, resetClient } from '../../api/client';
import { queryClient } from '../../api/queries';
import { saveLogin } from '../../lib/session';
import { cleanup, render, settle, waitFor } from '../../testing/render';
import type { Page } from './query';
import { prefetchList, useList, type ListController } from './useList';
import { useWrite } from '../../api/hooks/useWrite';

vi.setConfig({ testTimeout: 30_000 });

type Row = { id: number; name: string };
const page = (names: string[]): Page<Row> => ({ records: names.map((name, i) => ({ id: i + 1, name })), total: names.length, current: 1, limit: 10, pages: 1 });

/** The rows the server has now, and every call it was asked. */
let rows: string[];
let calls: Record<string, string>[];
/** While set, the server answers only when it resolves (a request in flight). */
let gate: Promise<void> | undefined;
const fetchPage = vi.fn(async (params: Record<string, string>) => {
  calls.push(params);
  const answer = page([...rows]);
  if (gate) await gate;
  return answer;
});

const FIELDS = [{ names: ['name'] }];
let list: ListController<Row>;
function Probe({ listKey = 'things' }: { listKey?: string }) {
  list = useList<Row>(FIELDS, fetchPage, { key: [listKey], inUrl: false });
  return <div data-testid="rows">{list.data?.records.map((r) => r.name).join(',')}</div>;
}

/** Mounts the probe in the app's cache, as a screen opened in the shell. */
const mount = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** Runs one write through useWrite (a mutation hook's helper) touching the given keys. */
async function writeThrough(touches: readonly (readonly unknown[])[]) {
  let run: (() => Promise<unknown>) | undefined;
  function Writer() {
    const w = useWrite(async () => 'ok', touches);
    run = () => w.mutateAsync();
    return null;
  }
  const r = await render(
    <QueryClientProvider client={queryClient}>
      <Writer />
    </QueryClientProvider>,
  );
  await act(async () => {
    await run!();
  });
  await settle();
  await r.unmount();
}

const shown = () => document.querySelector('[data-testid="rows"]')?.textContent ?? '';

beforeEach(() => {
  resetClient();
  queryClient.clear();
  rows = ['a', 'b'];
  calls = [];
  gate = undefined;
  fetchPage.mockClear();
});
afterEach(cleanup);

describe('useList through the query cache', () => {
  it('shows a list seen before at once when the screen opens again, and asks the server again behind it', async () => {
    const first = await mount();
    await waitFor(() => expect(shown()).toBe('a,b'));
    await first.unmount();
    rows = ['a', 'b', 'c'];
    let answer = () => {};
    gate = new Promise<void>((resolve) => (answer = resolve));
    await mount();
    // the cached rows are there while the server is asked again
    expect(shown()).toBe('a,b');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(shown()).toBe('a,b');
    answer();
    await waitFor(() => expect(shown()).toBe('a,b,c'));
    expect(calls).toHaveLength(2);
  });

  it('search with unchanged filters asks again; reload joins a fetch under way', async () => {
    await mount();
    await waitFor(() => expect(calls).toHaveLength(1));
    rows = ['z'];
    list.search({});
    await waitFor(() => expect(shown()).toBe('z'));
    expect(calls).toHaveLength(2);
    list.search({ name: 'x' });
    list.reload();
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ name: 'x' }));
    await settle(20);
    expect(calls.filter((c) => c.name === 'x')).toHaveLength(1);
  });

  it('keeps the ticked rows when the same rows come again, clears them when the rows change', async () => {
    await mount();
    await waitFor(() => expect(shown()).toBe('a,b'));
    await settle();
    list.setSelectedKeys([1]);
    await settle();
    list.reload();
    await waitFor(() => expect(calls).toHaveLength(2));
    await settle(20);
    expect(list.selectedKeys).toEqual([1]);
    rows = ['c'];
    list.reload();
    await waitFor(() => expect(shown()).toBe('c'));
    expect(list.selectedKeys).toEqual([]);
  });

  it('a write invalidates the lists of the resources it touches, not the whole cache', async () => {
    configureClient({ fetch: async () => new Response(JSON.stringify({ code: 0, data: null }), { status: 200 }), getToken: () => 't', baseUrl: '' });
    const first = await mount();
    await waitFor(() => expect(calls).toHaveLength(1));
    await first.unmount();
    // fresh enough to show from the cache without asking, until a write touches it
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime: 60_000 } });
    try {
      // a bare write through the client marks nothing stale any more
      await request({ method: 'POST', path: '/api/thing' }, { name: 'new' });
      const second = await mount();
      await settle(20);
      expect(calls).toHaveLength(1);
      await second.unmount();
      // a write of another resource leaves this list alone
      await writeThrough([['others']]);
      const third = await mount();
      await settle(20);
      expect(calls).toHaveLength(1);
      await third.unmount();
      // a write of this resource: the list is asked again when next shown
      await writeThrough([['things']]);
      rows = ['a', 'b', 'new'];
      await mount();
      await waitFor(() => expect(shown()).toBe('a,b,new'));
      expect(calls).toHaveLength(2);
    } finally {
      queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime: 0 } });
    }
  });

  it('a write refreshes the list that is on screen when it touches its resource', async () => {
    await mount();
    await waitFor(() => expect(shown()).toBe('a,b'));
    rows = ['a', 'b', 'c'];
    await writeThrough([['things']]);
    await waitFor(() => expect(shown()).toBe('a,b,c'));
    expect(calls).toHaveLength(2);
  });

  it('forgets every cached list when the signed-in account changes', async () => {
    saveLogin({ accessToken: 'first', UserName: 'A' } as Parameters<typeof saveLogin>[0]);
    const first = await mount();
    await waitFor(() => expect(shown()).toBe('a,b'));
    await first.unmount();
    saveLogin({ accessToken: 'second', UserName: 'B' } as Parameters<typeof saveLogin>[0]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    rows = ['b-only'];
    let answer = () => {};
    gate = new Promise<void>((resolve) => (answer = resolve));
    await mount();
    // nothing of the previous account is painted while the new one's rows are asked for
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(shown()).toBe('');
    answer();
    await waitFor(() => expect(shown()).toBe('b-only'));
  });

  it('shows the page a full load prefetched without asking again; a later visit asks again behind it', async () => {
    await act(() => prefetchList(queryClient, ['things'], FIELDS, fetchPage, ''));
    expect(calls).toEqual([{ current: '1', limit: '10' }]);
    const first = await mount();
    expect(shown()).toBe('a,b');
    await settle(20);
    expect(calls).toHaveLength(1);
    expect(list.loading).toBe(false);
    await first.unmount();
    rows = ['a', 'b', 'c'];
    await mount();
    expect(shown()).toBe('a,b');
    await waitFor(() => expect(shown()).toBe('a,b,c'));
    expect(calls).toHaveLength(2);
  });

  it('a screen opened while the prefetch is under way joins it', async () => {
    let answer = () => {};
    gate = new Promise<void>((resolve) => (answer = resolve));
    const prefetched = prefetchList(queryClient, ['things'], FIELDS, fetchPage, '');
    await mount();
    expect(shown()).toBe('');
    answer();
    await act(() => prefetched);
    await waitFor(() => expect(shown()).toBe('a,b'));
    await settle(20);
    expect(calls).toHaveLength(1);
  });

  it('a failed prefetch leaves nothing behind: the screen asks itself', async () => {
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await act(() => prefetchList(queryClient, ['things'], FIELDS, failing, ''));
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await mount();
    await waitFor(() => expect(shown()).toBe('a,b'));
    expect(calls).toHaveLength(1);
  });
});
