import { DurableQueue, type DurableQueueStatus, type QueueStorage, type SendFailure } from "./durable-queue";

/**
 * Choices of a timed multiple-choice attempt on their way to the server: a configuration of the
 * durable queue (durable-queue.ts). Each choice is kept (also in local storage, so a reload or a crash
 * does not lose it) until the server acknowledges it; a failed send is retried with the same
 * idempotency key, so it is applied once. A newer choice for a question replaces an older one not yet
 * sent. Only a refusal that can never succeed (time up, attempt closed, an invalid choice) removes a
 * choice unsent, and it is reported, never dropped silently.
 */
export interface PendingChoice {
  questionId: string;
  selectedOptionIds: string[];
  idempotencyKey: string;
  /** When the learner chose, by the server's clock. */
  sentAt: string;
}

export type QueueStatus = DurableQueueStatus;
export type { SendFailure };

export interface AnswerQueueOptions {
  storageKey: string;
  send: (choice: PendingChoice) => Promise<void>;
  classify?: (error: unknown) => SendFailure;
  onStatus: (status: QueueStatus) => void;
  storage?: QueueStorage | null;
  /** Delay before the n-th retry of a choice, ms (the durable queue's backoff by default). */
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
  private readonly queue: DurableQueue<PendingChoice>;

  constructor(private readonly o: AnswerQueueOptions) {
    this.queue = new DurableQueue<PendingChoice>({
      storageKey: o.storageKey,
      storage: o.storage ?? null,
      send: o.send,
      classify: o.classify,
      retryDelay: o.retryDelay,
      supersedes: (newer, older) => newer.questionId === older.questionId,
      onStatus: o.onStatus,
    });
    // What a reload left waiting goes out now.
    if (this.queue.items().length) void this.queue.drain();
  }

  /** Records a choice and sends it. */
  choose(questionId: string, selectedOptionIds: string[], sentAt: string) {
    const key = this.o.newKey?.() ?? crypto.randomUUID();
    void this.queue.push({ questionId, selectedOptionIds, idempotencyKey: key, sentAt });
  }

  /** Sends at once what waits (after the connection comes back, say). */
  retryNow() {
    void this.queue.retryNow();
  }

  /** Resolves when nothing waits, or after `timeoutMs`; true when everything was acknowledged. */
  flush(timeoutMs: number): Promise<boolean> {
    return this.queue.flush(timeoutMs);
  }

  stop() {
    this.queue.stop();
  }

  /** The choice waiting for a question, if any (to show it as chosen after a reload). */
  pendingFor(questionId: string): PendingChoice | undefined {
    return [...this.queue.items()].reverse().find((c) => c.questionId === questionId);
  }
}
