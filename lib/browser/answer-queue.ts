import type { ErrorCode } from "@/lib/contract/error-codes";

/**
 * Choices of a timed multiple-choice attempt on their way to the server. Each choice is kept (also in
 * local storage, so a reload or a crash does not lose it) until the server acknowledges it; a failed
 * send is retried with the same idempotency key, so it is applied once. A newer choice for a question
 * replaces an older one not yet sent. Only a refusal that can never succeed (time up, attempt closed,
 * an invalid choice) removes a choice unsent, and it is reported, never dropped silently.
 */
export interface PendingChoice {
  questionId: string;
  selectedOptionIds: string[];
  idempotencyKey: string;
  /** When the learner chose, by the server's clock. */
  sentAt: string;
}

export interface QueueStatus {
  /** Choices not acknowledged yet. */
  pending: number;
  /** The last send failed and will be retried. */
  retrying: boolean;
  /** The server refused a choice for good; its message. */
  refused: { code: ErrorCode | undefined; message: string } | null;
}

/** What a send failure means for the choice: try again later, or never. */
export type SendFailure = { retry: true } | { retry: false; code: ErrorCode | undefined; message: string };

export interface AnswerQueueOptions {
  storageKey: string;
  send: (choice: PendingChoice) => Promise<void>;
  classify: (error: unknown) => SendFailure;
  onStatus: (status: QueueStatus) => void;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  /** Delay before the n-th retry of a choice, ms. */
  retryDelay?: (attempt: number) => number;
  newKey?: () => string;
}

/** The choices still waiting in storage under a key (to show them as chosen after a reload). */
export function storedChoices(storage: Pick<Storage, "getItem"> | null | undefined, storageKey: string): PendingChoice[] {
  try {
    const saved = storage?.getItem(storageKey);
    return saved ? (JSON.parse(saved) as PendingChoice[]) : [];
  } catch {
    return [];
  }
}

export class AnswerQueue {
  private queue: PendingChoice[] = [];
  private sending: PendingChoice | null = null;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private refused: QueueStatus["refused"] = null;
  private idle: (() => void)[] = [];
  private stopped = false;

  constructor(private readonly o: AnswerQueueOptions) {
    this.queue = storedChoices(o.storage, o.storageKey);
    this.pump();
  }

  /** Records a choice and sends it. */
  choose(questionId: string, selectedOptionIds: string[], sentAt: string) {
    const key = this.o.newKey?.() ?? crypto.randomUUID();
    this.queue = this.queue.filter((c) => c.questionId !== questionId);
    this.queue.push({ questionId, selectedOptionIds, idempotencyKey: key, sentAt });
    this.refused = null;
    this.save();
    this.pump();
  }

  /** Sends at once what waits (after the connection comes back, say). */
  retryNow() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pump();
  }

  /** Resolves when nothing waits, or after `timeoutMs`; true when everything was acknowledged. */
  flush(timeoutMs: number): Promise<boolean> {
    if (!this.size()) return Promise.resolve(true);
    this.retryNow();
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(this.size() === 0), timeoutMs);
      this.idle.push(() => {
        clearTimeout(t);
        resolve(true);
      });
    });
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** The choice waiting for a question, if any (to show it as chosen after a reload). */
  pendingFor(questionId: string): PendingChoice | undefined {
    return [...this.queue, ...(this.sending ? [this.sending] : [])].reverse().find((c) => c.questionId === questionId);
  }

  private size() {
    return this.queue.length + (this.sending ? 1 : 0);
  }

  private save() {
    const all = [...(this.sending ? [this.sending] : []), ...this.queue];
    try {
      if (all.length) this.o.storage?.setItem(this.o.storageKey, JSON.stringify(all));
      else this.o.storage?.removeItem(this.o.storageKey);
    } catch {
      // Storage full or blocked: the choice still waits in memory.
    }
    this.o.onStatus({ pending: all.length, retrying: this.failures > 0, refused: this.refused });
  }

  private pump() {
    if (this.stopped || this.sending || this.timer || !this.queue.length) {
      if (!this.size()) this.idle.splice(0).forEach((f) => f());
      return;
    }
    const choice = this.queue.shift()!;
    this.sending = choice;
    this.save();
    this.o.send(choice).then(
      () => {
        this.sending = null;
        this.failures = 0;
        this.save();
        this.pump();
      },
      (error: unknown) => {
        this.sending = null;
        const failure = this.o.classify(error);
        if (failure.retry) {
          // Back in front, unless a newer choice for the question came meanwhile.
          if (!this.queue.some((c) => c.questionId === choice.questionId)) this.queue.unshift(choice);
          this.failures++;
          this.save();
          this.timer = setTimeout(() => {
            this.timer = null;
            this.pump();
          }, this.o.retryDelay?.(this.failures) ?? Math.min(10_000, 500 * 2 ** this.failures));
        } else {
          this.failures = 0;
          this.refused = { code: failure.code, message: failure.message };
          this.save();
          this.pump();
        }
      },
    );
  }
}
