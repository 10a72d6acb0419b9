import { DurableQueue, type DurableQueueStatus, type QueueStorage, type SendFailure } from "./durable-queue";

/**
 * A SCORM package's commits on their way to the server (docs/scorm-xapi.md, "Runtime"): a
 * configuration of the durable queue. Each commit carries the whole CMI data as the package set it,
 * the session's time and a sequence that grows with every commit, so the server applies a commit
 * once and never lets an older one overwrite a newer. A newer commit of the same session makes an
 * older one not yet on its way pointless; a commit of an earlier session (a reload) still goes, for
 * its session time.
 */
export interface ScormCommitItem {
  idempotencyKey: string;
  body: {
    itemId: string;
    sessionId: string;
    sequence: number;
    cmi: Record<string, string>;
    sessionSeconds: number;
  };
}

/** The CMI element names the server takes, and the longest value. */
const CMI_NAME = /^(cmi|adl)\.[A-Za-z0-9_.]+$/;
const CMI_VALUE_MAX = 64_000;

/** The CMI values to commit, from scorm-again's flattened CMI: text values of cmi.* elements only. */
export function committableCmi(flattened: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(flattened)) {
    if (!CMI_NAME.test(k) || k.length > 255) continue;
    if (typeof v === "string" && v.length <= CMI_VALUE_MAX) out[k] = v;
    else if (typeof v === "number" || typeof v === "boolean") out[k] = String(v);
  }
  return out;
}

/** Seconds of a SCORM 1.2 CMITimespan (HHHH:MM:SS.SS) or a SCORM 2004 ISO 8601 duration (PT1H2M3.5S); null when it is neither. */
export function parseScormTime(value: string | undefined): number | null {
  if (!value) return null;
  const colon = /^(\d{2,4}):(\d{2}):(\d{2}(?:\.\d{1,2})?)$/.exec(value.trim());
  if (colon) return Number(colon[1]) * 3600 + Number(colon[2]) * 60 + Number(colon[3]);
  const iso = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value.trim());
  if (!iso || value.trim() === "P" || value.trim().endsWith("T")) return null;
  const [, y, mo, d, h, mi, s] = iso.map((x) => (x === undefined ? 0 : Number(x)));
  return (((y! * 365 + mo! * 30 + d!) * 24 + h!) * 60 + mi!) * 60 + s!;
}

let counter = 0;
/** A sequence that grows with every commit, across reloads and tabs of one browser: the clock in ms, times 1000, plus a counter. */
export const nextSequence = (now = Date.now()) => now * 1000 + (counter++ % 1000);

export interface ScormCommitQueueOptions {
  itemId: string;
  storage?: QueueStorage | null;
  send: (item: ScormCommitItem) => Promise<unknown>;
  sendOnExit?: (item: ScormCommitItem) => Promise<boolean>;
  classify?: (error: unknown) => SendFailure;
  onStatus?: (status: DurableQueueStatus) => void;
  retryDelay?: (failures: number) => number | null;
  newKey?: () => string;
}

export const scormCommitStorageKey = (itemId: string) => `scorm-commits:${itemId}`;

export class ScormCommitQueue {
  private readonly queue: DurableQueue<ScormCommitItem>;
  private last = "";

  constructor(private readonly o: ScormCommitQueueOptions) {
    this.queue = new DurableQueue<ScormCommitItem>({
      storageKey: scormCommitStorageKey(o.itemId),
      storage: o.storage ?? null,
      send: o.send,
      classify: o.classify,
      retryDelay: o.retryDelay,
      supersedes: (newer, older) => newer.body.sessionId === older.body.sessionId,
      onStatus: o.onStatus,
    });
  }

  /** Sends what an earlier page left waiting; resolves when it is acknowledged, or after `timeoutMs`. */
  flush(timeoutMs: number): Promise<boolean> {
    return this.queue.flush(timeoutMs);
  }

  /**
   * Queues a commit of the session's CMI data and sends it. `onlyIfChanged`: nothing is queued when
   * the data is what the last commit of this page carried (a page closing after a commit).
   */
  commit(sessionId: string, cmi: Record<string, string>, sessionSeconds: number, onlyIfChanged = false): boolean {
    const snapshot = JSON.stringify([cmi, Math.floor(sessionSeconds)]);
    if (onlyIfChanged && snapshot === this.last) return false;
    this.last = snapshot;
    const key = this.o.newKey?.() ?? crypto.randomUUID();
    void this.queue.push({ idempotencyKey: key, body: { itemId: this.o.itemId, sessionId, sequence: nextSequence(), cmi, sessionSeconds } });
    return true;
  }

  /** For a page that is going away: what waits leaves with keepalive requests (and stays queued until acknowledged). */
  leave() {
    if (this.o.sendOnExit) this.queue.sendOnExit(3, this.o.sendOnExit);
  }

  retryNow() {
    void this.queue.retryNow();
  }

  items(): ScormCommitItem[] {
    return this.queue.items();
  }

  stop() {
    this.queue.stop();
  }
}
