import type { ErrorCode } from "@/lib/contract/error-codes";

/**
 * The browser's one queue of writes that must reach the server: watch records, the answers of a
 * timed block, essay drafts and the browser log are configurations of what is here.
 *
 * - Each item is kept in storage (local storage by default) until the server acknowledges it, so a
 *   reload, a crash or a closed tab loses nothing.
 * - Each item carries its idempotency key from the moment it is queued and is resent with the same
 *   key, so a send that reached the server while its answer was lost is applied once.
 * - One backoff policy (`backoffDelay`) and one reading of a failure (`classifySendError`): no answer,
 *   a busy or failing server (5xx, 429, 408) is tried again later; any other refusal (4xx) would be
 *   refused again, so the item is dropped and reported, never dropped silently.
 * - The HTTP client does not retry what a queue sends (`retry: false`): the queue owns its retries.
 */

export type SendFailure = { retry: true } | { retry: false; code: ErrorCode | undefined; message: string };

/** How long to wait before the n-th retry (n from 1): one second, doubled each time, at most fifteen. */
export function backoffDelay(failures: number): number {
  return Math.min(15_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/** Whether a send that got this status (undefined: no answer came) may pass if tried again. */
export function mayPassLater(status: number | undefined): boolean {
  return status === undefined || status >= 500 || status === 429 || status === 408;
}

/** The status and code of a failed request, read from its shape (the HTTP client's HttpError, or a bare `{status}`). */
export function failureOf(error: unknown): { status: number | undefined; code: ErrorCode | undefined } {
  if (typeof error !== "object" || error === null) return { status: undefined, code: undefined };
  const e = error as { response?: { status?: unknown }; status?: unknown; code?: unknown };
  const status = typeof e.response?.status === "number" ? e.response.status : typeof e.status === "number" ? e.status : undefined;
  return { status, code: typeof e.code === "string" ? (e.code as ErrorCode) : undefined };
}

/** The one reading of a failed send: try again later, or never (with the server's code and a message for the page). */
export function classifySendError(error: unknown, describe: (error: unknown) => string = (e) => (e instanceof Error ? e.message : String(e))): SendFailure {
  const { status, code } = failureOf(error);
  if (mayPassLater(status)) return { retry: true };
  return { retry: false, code, message: describe(error) };
}

export type QueueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Local storage when the page has one (null on the server, or where it is blocked). */
export function browserStorage(): QueueStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export interface QueuedItem {
  idempotencyKey: string;
}

export interface DurableQueueStatus {
  /** Items not acknowledged yet. */
  pending: number;
  /** The last send failed and will be retried. */
  retrying: boolean;
  /** The server refused an item for good: its code and message. */
  refused: { code: ErrorCode | undefined; message: string } | null;
}

export interface DurableQueueOptions<T extends QueuedItem> {
  /** Where the items wait in storage. */
  storageKey: string;
  storage?: QueueStorage | null;
  /** Sends one item; the item's key goes as its Idempotency-Key. Resolves once the server acknowledged it. */
  send: (item: T) => Promise<unknown>;
  /** Reads a failure; `classifySendError` unless a page needs its own message. */
  classify?: (error: unknown) => SendFailure;
  /** Delay before the n-th retry; null leaves the retry to the next drain (a new item, the network back). */
  retryDelay?: (failures: number) => number | null;
  /** Whether a newer item makes an older one, not on its way yet, pointless (a newer choice for the same question). */
  supersedes?: (newer: T, older: T) => boolean;
  /** Most items kept; past it the oldest go. */
  maxItems?: number;
  /** Whether sending may start now (a session); when not, the items wait. */
  ready?: () => boolean;
  onStatus?: (status: DurableQueueStatus) => void;
}

export class DurableQueue<T extends QueuedItem> {
  /** The items as last written; read instead of storage when there is none or it refused the last write (full, blocked). */
  private memory: T[] = [];
  private inMemory = false;
  /** Items on their way right now, by key: what one sender has taken, another leaves alone. */
  private readonly sending = new Set<string>();
  /** Items a closing page's keepalive request is carrying. */
  private readonly leaving = new Set<string>();
  private running: Promise<number> | null = null;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private refused: DurableQueueStatus["refused"] = null;
  private stopped = false;
  private idle: (() => void)[] = [];

  constructor(private readonly o: DurableQueueOptions<T>) {}

  /** The items waiting, oldest first, as kept in storage. */
  items(): T[] {
    return this.read();
  }

  /** Queues an item, dropping the older ones it supersedes that are not on their way; the next drain sends it. */
  add(item: T) {
    const supersedes = this.o.supersedes;
    const kept = supersedes ? this.read().filter((old) => this.sending.has(old.idempotencyKey) || !supersedes(item, old)) : this.read();
    this.refused = null;
    this.write([...kept, item]);
  }

  /** Queues an item and sends it. */
  push(item: T): Promise<number> {
    this.add(item);
    return this.drain();
  }

  /**
   * The queue's one drainer: sends the waiting items, oldest first, and removes each the server
   * acknowledged. Asked again while it runs, it starts no second run that would send the same items
   * twice: the caller shares the current run, which goes over the queue once more at its end for what
   * was added meanwhile. Resolves with how many items the server acknowledged.
   */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.stopped) return Promise.resolve(0);
    this.running = (async () => {
      let total = 0;
      try {
        do {
          this.again = false;
          if (this.o.ready && !this.o.ready()) break;
          const { sent, stopped } = await this.pass();
          total += sent;
          if (stopped) break;
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
        this.report();
      }
      return total;
    })();
    return this.running;
  }

  /** Sends at once what waits (the connection came back). */
  retryNow(): Promise<number> {
    this.clearTimer();
    return this.drain();
  }

  /** Resolves when nothing waits, or after `timeoutMs`; true when everything was acknowledged. */
  flush(timeoutMs: number): Promise<boolean> {
    if (!this.read().length) return Promise.resolve(true);
    void this.retryNow();
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(this.read().length === 0), timeoutMs);
      this.idle.push(() => {
        clearTimeout(t);
        resolve(true);
      });
    });
  }

  /**
   * For a page that is going away: hands the newest `limit` items to `send` (a keepalive request, the
   * only one sure to leave), also those the drainer is sending, since its request dies with the page,
   * but not what an earlier signal of the same exit has on its way. Each stays queued until `send`
   * resolves true, so what a closing page could not deliver goes out from the next page.
   */
  sendOnExit(limit: number, send: (item: T) => Promise<boolean>) {
    if (this.o.ready && !this.o.ready()) return;
    for (const item of this.read().slice(-limit)) {
      const key = item.idempotencyKey;
      if (this.leaving.has(key)) continue;
      this.leaving.add(key);
      this.sending.add(key);
      send(item)
        .then((ok) => ok && this.remove(key))
        .catch(() => undefined)
        .finally(() => {
          this.sending.delete(key);
          this.leaving.delete(key);
        });
    }
  }

  /** Nothing more is sent from this page; what waits stays in storage for the next. */
  stop() {
    this.stopped = true;
    this.clearTimer();
  }

  private async pass(): Promise<{ sent: number; stopped: boolean }> {
    let sent = 0;
    for (const item of this.read()) {
      if (this.stopped) return { sent, stopped: true };
      const key = item.idempotencyKey;
      // Skipped when a closing page's keepalive request has it, or it was delivered since the pass began.
      if (this.sending.has(key) || !this.read().some((i) => i.idempotencyKey === key)) continue;
      this.sending.add(key);
      this.report();
      try {
        await this.o.send(item);
        this.failures = 0;
        this.remove(key);
        sent += 1;
      } catch (error) {
        const failure = (this.o.classify ?? classifySendError)(error);
        if (failure.retry) {
          // A newer item made this one pointless meanwhile: it goes, and the newer one is sent instead.
          const supersedes = this.o.supersedes;
          if (supersedes && this.read().some((newer) => newer.idempotencyKey !== key && supersedes(newer, item))) {
            this.remove(key);
            continue;
          }
          this.failures += 1;
          this.schedule();
          return { sent, stopped: true };
        }
        this.failures = 0;
        this.refused = { code: failure.code, message: failure.message };
        this.remove(key);
      } finally {
        this.sending.delete(key);
      }
    }
    return { sent, stopped: false };
  }

  private schedule() {
    if (this.stopped || this.timer) return;
    const delay = (this.o.retryDelay ?? backoffDelay)(this.failures);
    if (delay === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain();
    }, delay);
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private remove(key: string) {
    this.write(this.read().filter((i) => i.idempotencyKey !== key));
  }

  private storage(): QueueStorage | null {
    return this.o.storage === undefined ? browserStorage() : this.o.storage;
  }

  private read(): T[] {
    const storage = this.storage();
    if (!storage || this.inMemory) return this.memory;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(this.o.storageKey) ?? "[]");
      return Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      return this.memory;
    }
  }

  private write(items: T[]) {
    const kept = this.o.maxItems ? items.slice(-this.o.maxItems) : items;
    this.memory = kept;
    const storage = this.storage();
    try {
      if (kept.length) storage?.setItem(this.o.storageKey, JSON.stringify(kept));
      else storage?.removeItem(this.o.storageKey);
      this.inMemory = false;
    } catch {
      // Storage full or blocked: the items still wait in memory and go out from this page.
      this.inMemory = true;
    }
    this.report();
  }

  private report() {
    const pending = this.read().length;
    this.o.onStatus?.({ pending, retrying: this.failures > 0, refused: this.refused });
    if (!pending) this.idle.splice(0).forEach((f) => f());
  }
}
