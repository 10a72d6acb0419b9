import type { WatchRecordBody } from "@/lib/api/learning";

/**
 * Watch records waiting to reach the server, kept in local storage so that a record made offline,
 * or while the page was closing, is sent later. Each keeps its idempotency key, so a record that did
 * arrive before is counted once however often it is sent again.
 */
const KEY = "pendingWatchRecords";
const MAX = 500;

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

export function removeWatchRecord(idempotencyKey: string | undefined) {
  write(read().filter((r) => r.idempotencyKey !== idempotencyKey));
}

/** Sends queued records oldest first; stops at the first failure (offline) and keeps the rest. */
export async function drainWatchRecords(send: (r: WatchRecordBody) => Promise<unknown>) {
  for (const record of read()) {
    try {
      await send(record);
      removeWatchRecord(record.idempotencyKey);
    } catch (err) {
      const status = (err as { response?: { status?: number } }).response?.status;
      // A record the server refuses for good (4xx) would block the queue forever: drop it.
      if (status && status >= 400 && status < 500 && status !== 401 && status !== 429) removeWatchRecord(record.idempotencyKey);
      else return;
    }
  }
}
