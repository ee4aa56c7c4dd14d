import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerQueue, type Change, type Confirmed } from './answerQueue';

class MemStore {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const NET = new Error('network');

/** A server the test answers by hand: every send waits until the test settles it. */
function fakeServer() {
  const calls: { c: Change; ok(): void; fail(e?: unknown): void }[] = [];
  const send = (c: Change) =>
    new Promise<Confirmed>((resolve, reject) => {
      calls.push({ c, ok: () => resolve({ seq: c.seq, savedAt: new Date().toISOString() }), fail: (e = NET) => reject(e) });
    });
  return { calls, send };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('AnswerQueue', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('says saved only after the server confirmed, waiting while the network is down, and sends in order when it returns', async () => {
    const srv = fakeServer();
    const store = new MemStore();
    let clock = 1000;
    const q = new AnswerQueue({ key: 'k', storage: store, send: srv.send, retryable: (e) => e === NET, retryMs: 3000, now: () => clock++ }, {});
    q.change(1, 'A');
    expect(q.state(1)).toBe('saving');
    srv.calls[0].ok();
    await flush();
    expect(q.state(1)).toBe('saved');

    q.change(2, 'B');
    srv.calls[1].fail();
    await flush();
    expect(q.state(2)).toBe('waiting');
    q.change(3, true);
    expect(q.state(3)).toBe('waiting');
    expect(srv.calls).toHaveLength(2); // nothing more is tried before the retry
    expect(JSON.parse(store.getItem('k')!).map((c: Change) => c.questionId)).toEqual([2, 3]);

    vi.advanceTimersByTime(3000);
    expect(srv.calls.map((c) => c.c.questionId)).toEqual([1, 2, 2]);
    srv.calls[2].ok();
    await flush();
    expect(q.state(2)).toBe('saved');
    expect(q.state(3)).toBe('saving');
    srv.calls[3].ok();
    await flush();
    expect(q.state(3)).toBe('saved');
    expect(store.getItem('k')).toBeNull();
  });

  it('keeps unsent changes across a reload, with numbers above the server\'s, and drops what the server already has', () => {
    const store = new MemStore();
    store.setItem('k', JSON.stringify([{ questionId: 1, seq: 50, response: 'old' }, { questionId: 2, seq: 70, response: 'new' }]));
    const q = new AnswerQueue({ key: 'k', storage: store, send: fakeServer().send, retryable: () => true, now: () => 10 }, { 1: 60, 2: 65 });
    expect(q.pending().map((c) => c.questionId)).toEqual([2]);
    expect(q.state(1)).toBe('saved');
    expect(q.state(2)).toBe('saving');
    q.change(1, 'x');
    expect(q.pending().find((c) => c.questionId === 1)!.seq).toBe(61);
  });

  it('drops a change the server refuses and reports it', async () => {
    const srv = fakeServer();
    const refused: number[] = [];
    const q = new AnswerQueue({ key: 'k', storage: null, send: srv.send, retryable: (e) => e === NET, onRefused: (_, c) => refused.push(c.questionId) }, {});
    q.change(4, 'late');
    srv.calls[0].fail(new Error('deadline'));
    await flush();
    expect(refused).toEqual([4]);
    expect(q.unsent()).toBe(0);
  });
});
