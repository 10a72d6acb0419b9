import type { LogRecord } from "@/lib/contract/calls/shell";
import { LOG_BATCH_MAX, LOG_CONTEXT_MAX, LOG_MESSAGE_MAX } from "@/lib/contract/log-limits";
import { redact, truncate } from "../redact";

export const LOG_THROTTLE_MS = 2000;
/** How long after the page has loaded the first batch waits (see client-log.ts). */
export const LOG_FIRST_SEND_DELAY_MS = 5000;
const MAX_QUEUED = 500;
// A beacon or keepalive request carries at most 64 KB.
export const LOG_BATCH_BYTES = 60_000;

export interface LogQueueOptions {
  /** Sends one batch; resolves false (or rejects) when it did not arrive, so the batch is kept. */
  send: (records: LogRecord[]) => Promise<boolean>;
  /** Sends what is left while the page goes away, where only a beacon or keepalive request is sure to leave. */
  sendOnExit: (records: LogRecord[]) => void;
  throttleMs?: number;
  /** Nothing is sent before this settles, but on exit; what comes before waits and goes in the first batch. */
  startAfter?: Promise<unknown>;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** A record as the log endpoint accepts it: redacted, with text and context cut to size. */
export function toSafeRecord(record: LogRecord): LogRecord {
  const context = record.context ? (redact(record.context) as Record<string, unknown>) : undefined;
  const contextFits = context === undefined || JSON.stringify(context).length <= LOG_CONTEXT_MAX;
  return {
    level: record.level,
    source: record.source,
    message: truncate(redact(record.message) as string, LOG_MESSAGE_MAX),
    time: record.time,
    ...(record.page ? { page: truncate(redact(record.page) as string, LOG_MESSAGE_MAX) } : {}),
    ...(context ? { context: contextFits ? context : { truncated: true } } : {}),
  };
}

/**
 * Collects log records and sends them in batches, at most one send per `throttleMs`. A batch that
 * fails goes back to the front of the queue; past 500 waiting records the oldest are dropped and
 * a record saying how many goes out instead, so nothing disappears without a trace.
 */
export function createLogQueue(options: LogQueueOptions) {
  const throttleMs = options.throttleMs ?? LOG_THROTTLE_MS;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let queue: LogRecord[] = [];
  let dropped = 0;
  let lastSentAt = -Infinity;
  let timer: unknown = null;
  let sending = false;
  let held = options.startAfter !== undefined;
  void options.startAfter?.then(() => {
    held = false;
    schedule();
  });

  const droppedRecord = (): LogRecord => ({
    level: "warn",
    source: "app",
    message: `${dropped} log records were dropped: the log service could not keep up`,
    time: new Date(now()).toISOString(),
  });

  function enqueue(records: LogRecord[], front = false) {
    queue = front ? [...records, ...queue] : [...queue, ...records];
    if (queue.length > MAX_QUEUED) {
      dropped += queue.length - MAX_QUEUED;
      queue = queue.slice(queue.length - MAX_QUEUED);
    }
  }

  function takeBatch(): LogRecord[] {
    const max = dropped ? LOG_BATCH_MAX - 1 : LOG_BATCH_MAX;
    let count = 0;
    let bytes = 0;
    while (count < queue.length && count < max) {
      bytes += JSON.stringify(queue[count]).length + 1;
      if (count > 0 && bytes > LOG_BATCH_BYTES) break;
      count += 1;
    }
    const batch = queue.splice(0, count);
    if (dropped) {
      batch.push(droppedRecord());
      dropped = 0;
    }
    return batch;
  }

  function schedule() {
    if (held || timer !== null || sending || (queue.length === 0 && dropped === 0)) return;
    const wait = Math.max(0, lastSentAt + throttleMs - now());
    timer = setTimer(() => {
      timer = null;
      void flush();
    }, wait);
  }

  async function flush() {
    if (held || sending || (queue.length === 0 && dropped === 0)) return;
    if (now() - lastSentAt < throttleMs) return schedule();
    const batch = takeBatch();
    lastSentAt = now();
    sending = true;
    let delivered = false;
    try {
      delivered = await options.send(batch);
    } catch {
      delivered = false;
    }
    sending = false;
    if (!delivered) enqueue(batch, true);
    schedule();
  }

  return {
    push(record: LogRecord) {
      enqueue([toSafeRecord(record)]);
      schedule();
    },
    /** On pagehide: everything left leaves now, in batches the endpoint accepts. */
    flushOnExit() {
      if (timer !== null) {
        clearTimer(timer);
        timer = null;
      }
      while (queue.length || dropped) options.sendOnExit(takeBatch());
      lastSentAt = now();
    },
    size: () => queue.length,
  };
}

export type LogQueue = ReturnType<typeof createLogQueue>;
