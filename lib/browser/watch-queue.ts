import { sendWatchRecord, sendWatchRecordOnExit, type WatchRecordBody } from "@/lib/api/learning";
import { getSessionToken } from "./session-cookie";

/**
 * Watch records waiting to reach the server, kept in local storage so that a record made offline,
 * or while the page was closing, is sent later. Each keeps its idempotency key, so a record that did
 * arrive before is counted once however often it is sent again.
 */
const KEY = "pendingWatchRecords";
const MAX = 500;
/** How many of the newest records a closing page sends; the rest wait for the next page. */
const EXIT_MAX = 20;

function read(): WatchRecordBody[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function write(records: WatchRecordBody[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(records.slice(-MAX)));
  } catch {
    // Storage full or disabled: the record still goes out now, it just cannot wait for later.
  }
}

export const pendingWatchRecords = read;

export function enqueueWatchRecord(record: WatchRecordBody) {
  write([...read(), record]);
}

function removeWatchRecord(idempotencyKey: string | undefined) {
  write(read().filter((r) => r.idempotencyKey !== idempotencyKey));
}

/** Records on their way right now, by idempotency key: what one sender has taken, the other leaves alone. */
const sending = new Set<string>();

function take(record: WatchRecordBody): boolean {
  const key = record.idempotencyKey;
  if (key === undefined) return true;
  if (sending.has(key)) return false;
  sending.add(key);
  return true;
}

const release = (record: WatchRecordBody) => record.idempotencyKey !== undefined && sending.delete(record.idempotencyKey);

const isWaiting = (record: WatchRecordBody) => read().some((r) => r.idempotencyKey === record.idempotencyKey);

/** One pass over the queue, oldest first; stops at the first failure (offline) and keeps the rest. */
async function sendWaiting(): Promise<{ sent: number; stopped: boolean }> {
  let sent = 0;
  for (const record of read()) {
    // Skipped when a closing page's keepalive request has it, or has delivered it since the pass began.
    if (!isWaiting(record) || !take(record)) continue;
    try {
      await sendWatchRecord(record);
      removeWatchRecord(record.idempotencyKey);
      sent += 1;
    } catch (err) {
      const status = (err as { response?: { status?: number } }).response?.status;
      // A record the server refuses for good (4xx) would block the queue forever: drop it.
      if (status && status >= 400 && status < 500 && status !== 401 && status !== 429) removeWatchRecord(record.idempotencyKey);
      else return { sent, stopped: true };
    } finally {
      release(record);
    }
  }
  return { sent, stopped: false };
}

let running: Promise<number> | null = null;
let again = false;

/**
 * The queue's one drainer: sends the waiting records and removes each the server acknowledged.
 * Asked again while it runs (a new record, the network back, another part of the page), it starts no
 * second run that would send the same records twice: the caller shares the current run, which goes
 * over the queue once more at its end for what was added meanwhile. Resolves with how many records
 * the server acknowledged.
 */
export function drainWatchRecords(): Promise<number> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let total = 0;
    try {
      do {
        again = false;
        if (!getSessionToken()) break;
        const { sent, stopped } = await sendWaiting();
        total += sent;
        if (stopped) break;
      } while (again);
    } finally {
      running = null;
    }
    return total;
  })();
  return running;
}

/** Records a closing page's keepalive request is carrying right now. */
const leaving = new Set<string>();

/**
 * For a page that is going away: sends the newest waiting records with keepalive, the only request
 * sure to leave. It sends even what the drainer is sending, since the drainer's request dies with the
 * page, but not what an earlier signal of the same exit (visibilitychange, then pagehide) has on its
 * way: a keepalive request outlives the page. While these requests are on their way the drainer
 * leaves their records alone, and each stays queued until the server acknowledges it, so what a
 * closing page could not deliver goes out from the next page.
 */
export function flushWatchRecordsOnExit() {
  if (!getSessionToken()) return;
  for (const record of read().slice(-EXIT_MAX)) {
    const key = record.idempotencyKey;
    if (key !== undefined) {
      if (leaving.has(key)) continue;
      leaving.add(key);
      sending.add(key);
    }
    sendWatchRecordOnExit(record)
      .then((res) => res.ok && removeWatchRecord(key))
      .catch(() => undefined)
      .finally(() => {
        if (key === undefined) return;
        sending.delete(key);
        leaving.delete(key);
      });
  }
}
