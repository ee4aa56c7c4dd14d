// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { act } from 'react';
import { configureClient, resetClient } from '../../api/client';
import type { DTableField } from '../../api/lowcode';
import { queryClient } from '../../api/queries';
import { cleanup, render, waitFor } from '../../testing/render';
import DTablePage from './DTablePage';
import { prefetchDTable } from './dtableList';

vi.setConfig({ testTimeout: 30_000 });

const field: DTableField = {
  id: 1, fieldName: 'c_1', name: '项目名称', type: 'varchar', inList: 1, searchable: 1, sortable: 1, sort: 1,
  choiceSingle: 0, defaultValue: '', dictGroupCode: '', isDict: 0, removed: 0, required: 1, showType: 'input', unique: 0,
};

/** A server with one dynamic table of one row; every call it was asked. */
function fakeServer() {
  const calls: string[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
    const url = new URL(String(input), 'http://x');
    calls.push(url.pathname);
    const answers: Record<string, unknown> = {
      '/api/dtable/mine': [{ id: 7, name: '投标项目跟踪', remark: '', fieldCount: 1, updatedAt: '2026-11-20T08:00:00Z' }],
      '/api/dtable/data/schema': { id: 7, name: '投标项目跟踪', remark: '', canWrite: true, fields: [field] },
      '/api/dtable/data/list': { records: [{ id: 1, values: { c_1: '宁波市政务云运维项目' }, labels: {}, createdAt: '2026-11-20T08:00:00Z', updatedAt: '2026-11-20T08:00:00Z' }], current: 1, limit: 10, total: 1, pages: 1 },
    };
    return new Response(JSON.stringify({ code: 0, message: '', data: answers[url.pathname] ?? null }));
  });
  return { calls, fetch };
}

afterEach(async () => {
  await cleanup();
  resetClient();
  queryClient.clear();
});

describe('/dtable on a full load', () => {
  it('shows the rows the prefetch brought without asking for the tables, the schema or the page again', async () => {
    const { calls, fetch } = fakeServer();
    configureClient({ fetch, getToken: () => 't', baseUrl: '' });
    await act(() => prefetchDTable());
    expect(calls).toEqual(['/api/dtable/mine', '/api/dtable/data/schema', '/api/dtable/data/list']);
    const r = await render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <DTablePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(r.container.textContent).toContain('宁波市政务云运维项目'));
    const asked = (path: string) => calls.filter((c) => c === path).length;
    expect([asked('/api/dtable/mine'), asked('/api/dtable/data/schema'), asked('/api/dtable/data/list')]).toEqual([1, 1, 1]);
  });
});
