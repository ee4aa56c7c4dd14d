/**
 * The answers of an attempt on their way to the server (docs/decisions/0020, 'Saves'). Every change of a question
 * gets a sequence number that grows per question (and across reloads and devices: at least the clock's milliseconds);
 * the changes are sent one at a time, in the order made, the latest of a question replacing its older unsent one. A
 * question is 'saved' only once the server confirmed a number at least as new as the page's latest; while the
 * network is down its changes are 'waiting', kept in memory and in localStorage (a reload sends them), and sent again
 * when the network returns. A refusal of the server (deadline passed, submitted) drops the change and is reported.
 */
export type SaveState = 'none' | 'saving' | 'waiting' | 'saved';

export interface Change {
  questionId: number;
  seq: number;
  response: unknown;
}

export interface Confirmed {
  seq: number;
  savedAt: string;
}

export interface QueueDeps {
  send(c: Change): Promise<Confirmed>;
  /** a failure to retry (no answer: the network) rather than the server's refusal */
  retryable(e: unknown): boolean;
  /** the server refused a change (it is dropped) */
  onRefused?(e: unknown, c: Change): void;
  /** a confirmation's server time and the local times the call was sent and answered (the clock's correction) */
  onServerTime?(savedAt: string, sentAt: number, answeredAt: number): void;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** the storage key of this attempt's unsent changes */
  key: string;
  retryMs?: number;
  now?: () => number;
}

export class AnswerQueue {
  private queue: Change[] = [];
  private inFlight: Change | null = null;
  private latest = new Map<number, number>();
  private confirmed = new Map<number, number>();
  private offline = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<() => void>();
  private stopped = false;
  private idle: (() => void)[] = [];
  /** grows with every change of state (useSyncExternalStore's snapshot) */
  version = 0;

  /** serverSeqs: each question's sequence number as the server holds it (the attempt's answers). */
  constructor(
    private deps: QueueDeps,
    serverSeqs: Record<number, number>,
  ) {
    for (const [q, s] of Object.entries(serverSeqs)) {
      this.confirmed.set(Number(q), s);
      this.latest.set(Number(q), s);
    }
    for (const c of this.load()) {
      if (c.seq > (serverSeqs[c.questionId] ?? 0) && c.seq > (this.latest.get(c.questionId) ?? 0)) {
        this.queue = this.queue.filter((x) => x.questionId !== c.questionId);
        this.queue.push(c);
        this.latest.set(c.questionId, c.seq);
      }
    }
    this.persist();
  }

  /** The unsent changes found at start (a reload): the page shows them over the server's answers. */
  pending(): readonly Change[] {
    return this.inFlight ? [this.inFlight, ...this.queue] : [...this.queue];
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Start sending what was left from before (after the constructor, once the page listens). */
  start() {
    this.pump();
  }

  /** A change of a question's answer. */
  change(questionId: number, response: unknown) {
    if (this.stopped) return;
    const now = (this.deps.now ?? Date.now)();
    const seq = Math.max((this.latest.get(questionId) ?? 0) + 1, now);
    this.latest.set(questionId, seq);
    this.queue = this.queue.filter((c) => c.questionId !== questionId);
    this.queue.push({ questionId, seq, response });
    this.persist();
    this.emit();
    this.pump();
  }

  state(questionId: number): SaveState {
    const latest = this.latest.get(questionId);
    if (latest == null) return 'none';
    if ((this.confirmed.get(questionId) ?? -1) >= latest) return 'saved';
    return this.offline ? 'waiting' : 'saving';
  }

  /** How many changes are not confirmed. */
  unsent(): number {
    return this.queue.length + (this.inFlight ? 1 : 0);
  }

  isOffline(): boolean {
    return this.offline;
  }

  /** The network is back (the browser's 'online'): send now. */
  online() {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.pump();
  }

  /** Resolves once nothing is left to send, or the network is down (the caller decides what then). */
  settle(): Promise<void> {
    if (this.unsent() === 0 || (this.offline && !this.inFlight)) return Promise.resolve();
    return new Promise((r) => this.idle.push(r));
  }

  /** The attempt is over: nothing more is sent; what was sent is forgotten by the storage. */
  stop() {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.queue = [];
    this.deps.storage?.removeItem(this.deps.key);
    this.emit();
  }

  private pump() {
    if (this.stopped || this.inFlight || this.retry) return;
    const next = this.queue.shift();
    if (!next) {
      this.wake();
      return;
    }
    this.inFlight = next;
    const sentAt = (this.deps.now ?? Date.now)();
    this.deps.send(next).then(
      (ok) => {
        this.deps.onServerTime?.(ok.savedAt, sentAt, (this.deps.now ?? Date.now)());
        this.confirmed.set(next.questionId, Math.max(this.confirmed.get(next.questionId) ?? 0, ok.seq, next.seq));
        this.inFlight = null;
        this.offline = false;
        this.persist();
        this.emit();
        this.pump();
      },
      (e: unknown) => {
        this.inFlight = null;
        if (this.deps.retryable(e)) {
          // back at the head, unless a newer change of the question is queued
          if (!this.queue.some((c) => c.questionId === next.questionId)) this.queue.unshift(next);
          this.offline = true;
          this.retry = setTimeout(() => {
            this.retry = null;
            this.pump();
          }, this.deps.retryMs ?? 3000);
          this.persist();
          this.emit();
          this.wake();
          return;
        }
        this.deps.onRefused?.(e, next);
        this.persist();
        this.emit();
        this.pump();
      },
    );
  }

  private wake() {
    const w = this.idle;
    this.idle = [];
    w.forEach((r) => r());
  }

  private emit() {
    this.version++;
    this.listeners.forEach((fn) => fn());
  }

  private load(): Change[] {
    try {
      const raw = this.deps.storage?.getItem(this.deps.key);
      const list = raw ? (JSON.parse(raw) as Change[]) : [];
      return Array.isArray(list) ? list.filter((c) => typeof c?.questionId === 'number' && typeof c?.seq === 'number') : [];
    } catch {
      return [];
    }
  }

  private persist() {
    const all = this.pending();
    try {
      if (all.length) this.deps.storage?.setItem(this.deps.key, JSON.stringify(all));
      else this.deps.storage?.removeItem(this.deps.key);
    } catch {
      // storage full or blocked: the changes stay in memory
    }
  }
}
