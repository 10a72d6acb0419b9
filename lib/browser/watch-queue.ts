import { recordVideoWatch, recordVideoWatchOnExit, type QueuedWatchRecord } from "@/lib/api/learning";
import { classifySendError, DurableQueue, failureOf } from "./durable-queue";
import { getSessionToken } from "./session-cookie";

/**
 * Watch records waiting to reach the server: a configuration of the durable queue
 * (durable-queue.ts), kept in local storage so that a record made offline, or while the page was
 * closing, is sent later. Each keeps its idempotency key, so a record that did arrive before is
 * counted once however often it is sent again.
 */
const KEY = "pendingWatchRecords";
const MAX = 500;
/** How many of the newest records a closing page sends; the rest wait for the next page. */
const EXIT_MAX = 20;

const queue = new DurableQueue<QueuedWatchRecord>({
  storageKey: KEY,
  maxItems: MAX,
  send: recordVideoWatch,
  // A session that ended is the learner's state, not the record's: it waits for the next sign-in.
  classify: (error) => (failureOf(error).status === 401 ? { retry: true } : classifySendError(error)),
  // Records wait for a session: one signed out keeps them for the next sign-in.
  ready: () => Boolean(getSessionToken()),
});

export const pendingWatchRecords = () => queue.items();

export function enqueueWatchRecord(record: QueuedWatchRecord) {
  // Sent by the next drain (the caller's, the player's or the page's).
  queue.add(record);
}

/**
 * The queue's one drainer: sends the waiting records and removes each the server acknowledged.
 * Asked again while it runs (a new record, the network back, another part of the page), it starts no
 * second run that would send the same records twice: the caller shares the current run. Resolves
 * with how many records the server acknowledged.
 */
export const drainWatchRecords = (): Promise<number> => queue.drain();

/**
 * For a page that is going away: sends the newest waiting records with keepalive, the only request
 * sure to leave. Each stays queued until the server acknowledges it, so what a closing page could not
 * deliver goes out from the next page.
 */
export function flushWatchRecordsOnExit() {
  queue.sendOnExit(EXIT_MAX, (record) => recordVideoWatchOnExit(record).then((res) => res.ok));
}
