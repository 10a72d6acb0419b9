import type { ErrorCode } from "@/lib/contract/error-codes";
import { backoffDelay, type SendFailure } from "./durable-queue";

/**
 * An essay draft on its way to the server. Every change is written to local storage at once, so a
 * crash or a reload loses nothing; the server gets the draft a couple of seconds after typing pauses
 * (and at least every few seconds while it goes on). Each save names the server's draft version the
 * text was edited from: when another tab or device saved a newer one, the server refuses and this
 * side stops saving until the learner chooses which text to keep, so neither overwrites the other.
 *
 * A save that fails for a reason that may pass (offline, 5xx) is retried with the same idempotency key
 * until the server acknowledges it, and only then is a newer text sent: so a save that reached the
 * server while its answer was lost is never mistaken for someone else's newer draft.
 */

export interface EssayDraftContent {
  text: string;
  attachmentUrls: string[];
}

export interface StoredEssayDraft extends EssayDraftContent {
  /** The server's draft version this text was edited from. */
  baseVersion: number;
  /** true while the text has changes the server has not acknowledged. */
  unsaved: boolean;
  /** When the learner last changed it, by this browser's clock (ms). */
  editedAt: number;
  /** The save on its way when this was kept, if any: it may have reached the server. */
  sending?: EssayDraftContent & { baseVersion: number };
}

export type DraftStatus =
  | { kind: "saved"; version: number; savedAt: string | null }
  | { kind: "unsaved" }
  | { kind: "saving" }
  | { kind: "retrying"; failures: number }
  | { kind: "conflict"; message: string }
  | { kind: "refused"; code: ErrorCode | undefined; message: string };

export type SaveFailure = SendFailure;

export interface SaveResult {
  draftVersion: number;
  draftSavedAt: string | null;
}

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface EssayDraftSyncOptions {
  storageKey: string;
  storage?: DraftStorage | null;
  /** The draft to start from (see restoreEssayDraft) and the server version it is based on. */
  initial: EssayDraftContent;
  baseVersion: number;
  /** true when the initial draft has changes the server does not have yet. */
  unsaved: boolean;
  /** When the server saved the initial version. */
  savedAt?: string | null;
  /** Opens waiting for the learner to settle a conflict found on opening (see restoreEssayDraft): nothing is saved until resolve. */
  conflict?: string;
  send: (draft: EssayDraftContent, baseVersion: number, idempotencyKey: string) => Promise<SaveResult>;
  classify: (error: unknown) => SaveFailure;
  onStatus: (status: DraftStatus) => void;
  /** Quiet time after the last keystroke before saving, ms. */
  saveAfterMs?: number;
  /** Longest a change waits while typing goes on, ms. */
  maxWaitMs?: number;
  retryDelay?: (failures: number) => number;
  newKey?: () => string;
  now?: () => number;
}

/** The draft kept in this browser for an attempt, if any. */
export function storedEssayDraft(storage: Pick<Storage, "getItem"> | null | undefined, storageKey: string): StoredEssayDraft | null {
  try {
    const raw = storage?.getItem(storageKey);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredEssayDraft>;
    if (typeof parsed.text !== "string" || typeof parsed.baseVersion !== "number") return null;
    const urls = (value: unknown) => (Array.isArray(value) ? value.filter((u): u is string => typeof u === "string") : []);
    const sending = parsed.sending;
    return {
      text: parsed.text,
      attachmentUrls: urls(parsed.attachmentUrls),
      baseVersion: parsed.baseVersion,
      unsaved: parsed.unsaved === true,
      editedAt: typeof parsed.editedAt === "number" ? parsed.editedAt : 0,
      sending:
        sending && typeof sending.text === "string" && typeof sending.baseVersion === "number"
          ? { text: sending.text, attachmentUrls: urls(sending.attachmentUrls), baseVersion: sending.baseVersion }
          : undefined,
    };
  } catch {
    return null;
  }
}

const sameContent = (a: EssayDraftContent, b: EssayDraftContent) =>
  a.text === b.text && a.attachmentUrls.length === b.attachmentUrls.length && a.attachmentUrls.every((u, i) => u === b.attachmentUrls[i]);

export type RestoredDraft =
  | { kind: "ready"; draft: EssayDraftContent; baseVersion: number; unsaved: boolean }
  /** This browser has changes made from an older version than the server's: the learner chooses. */
  | { kind: "conflict"; mine: EssayDraftContent; theirs: EssayDraftContent; serverVersion: number };

/**
 * Which draft a page opens with, from the server's draft and the one kept in this browser.
 * - Nothing kept here, or nothing unsaved: the server's.
 * - Unsaved changes made from the server's current version: this browser's (and they get saved).
 * - Unsaved changes from an older version, while the server's text differs: both are shown.
 */
export function restoreEssayDraft(server: EssayDraftContent & { version: number }, local: StoredEssayDraft | null): RestoredDraft {
  const theirs = { text: server.text, attachmentUrls: server.attachmentUrls };
  if (!local || !local.unsaved || sameContent(local, theirs)) return { kind: "ready", draft: theirs, baseVersion: server.version, unsaved: false };
  const mine = { text: local.text, attachmentUrls: local.attachmentUrls };
  if (local.baseVersion >= server.version) return { kind: "ready", draft: mine, baseVersion: server.version, unsaved: true };
  // The save this browser had on its way did arrive: the server's newer version is its own.
  const ownSave = local.sending && local.sending.baseVersion + 1 === server.version && sameContent(local.sending, theirs);
  if (ownSave) return { kind: "ready", draft: mine, baseVersion: server.version, unsaved: true };
  return { kind: "conflict", mine, theirs, serverVersion: server.version };
}

export class EssayDraftSync {
  private draft: EssayDraftContent;
  private baseVersion: number;
  private unsaved: boolean;
  /** The save on its way or waiting to be retried, with its key: retried as it is until acknowledged. */
  private inFlight: { draft: EssayDraftContent; key: string; base: number } | null = null;
  private sending = false;
  private failures = 0;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private firstChangeAt: number | null = null;
  private halted: DraftStatus | null = null;
  private stopped = false;
  private lastSavedAt: string | null = null;
  private idle: ((saved: boolean) => void)[] = [];

  constructor(private readonly o: EssayDraftSyncOptions) {
    this.draft = o.initial;
    this.baseVersion = o.baseVersion;
    this.unsaved = o.unsaved;
    this.lastSavedAt = o.savedAt ?? null;
    if (o.conflict) this.halted = { kind: "conflict", message: o.conflict };
    this.store();
    if (this.unsaved && !this.halted) this.schedule(0);
    else this.report();
  }

  get version() {
    return this.baseVersion;
  }

  get content(): EssayDraftContent {
    return this.draft;
  }

  /** The learner changed the text or the attachments. */
  edit(draft: EssayDraftContent) {
    if (sameContent(draft, this.draft)) return;
    this.draft = draft;
    this.unsaved = true;
    this.store();
    // A save on its way (or waiting to be retried) is followed at once by the newest text.
    if (this.halted || this.inFlight) return this.report();
    const now = this.now();
    this.firstChangeAt ??= now;
    const waited = now - this.firstChangeAt;
    this.schedule(Math.max(0, Math.min(this.o.saveAfterMs ?? 2000, (this.o.maxWaitMs ?? 5000) - waited)));
  }

  /**
   * The learner settled a conflict: `draft` is the text to go on with, `serverVersion` the newest the
   * server holds. Unless it is the server's own text, it is saved over that version.
   */
  resolve(draft: EssayDraftContent, serverVersion: number, keepServers: boolean) {
    this.halted = null;
    this.inFlight = null;
    this.failures = 0;
    this.draft = draft;
    this.baseVersion = serverVersion;
    this.unsaved = !keepServers;
    this.store();
    if (this.unsaved) this.schedule(0);
    else this.report();
  }

  /** Saves now what is unsaved. Resolves true once the server has everything, false on a timeout or a refusal. */
  flush(timeoutMs: number): Promise<boolean> {
    if (!this.unsaved && !this.inFlight) return Promise.resolve(true);
    if (this.halted) return Promise.resolve(false);
    this.schedule(0);
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), timeoutMs);
      this.idle.push((saved) => {
        clearTimeout(t);
        resolve(saved);
      });
    });
  }

  /** Sends at once what waits (the connection came back). */
  retryNow() {
    if (this.unsaved || this.inFlight) this.schedule(0);
  }

  /** The attempt ended (submitted or closed): nothing more is sent, and the kept copy is dropped. */
  finish() {
    this.stop();
    try {
      this.o.storage?.removeItem(this.o.storageKey);
    } catch {
      // Nothing kept, or storage blocked.
    }
  }

  stop() {
    this.stopped = true;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.settle(false);
  }

  private now() {
    return this.o.now?.() ?? Date.now();
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.pump();
    }, delay);
    this.report();
  }

  private async pump() {
    if (this.stopped || this.sending || this.halted) return;
    if (!this.inFlight) {
      if (!this.unsaved) return this.settle(true);
      this.inFlight = { draft: this.draft, key: this.o.newKey?.() ?? crypto.randomUUID(), base: this.baseVersion };
      this.firstChangeAt = null;
      this.store();
    }
    const save = this.inFlight;
    this.sending = true;
    this.report();
    try {
      const result = await this.o.send(save.draft, save.base, save.key);
      this.sending = false;
      this.inFlight = null;
      this.failures = 0;
      this.baseVersion = result.draftVersion;
      this.lastSavedAt = result.draftSavedAt;
      if (sameContent(save.draft, this.draft)) this.unsaved = false;
      this.store();
      if (this.unsaved) this.schedule(0);
      else this.settle(true);
    } catch (error) {
      this.sending = false;
      const failure = this.o.classify(error);
      if (failure.retry) {
        this.failures++;
        this.schedule(this.o.retryDelay?.(this.failures) ?? backoffDelay(this.failures));
        return;
      }
      this.inFlight = null;
      this.failures = 0;
      this.halted =
        failure.code === "draft_conflict"
          ? { kind: "conflict", message: failure.message }
          : { kind: "refused", code: failure.code, message: failure.message };
      this.settle(false);
    }
  }

  private settle(saved: boolean) {
    this.report();
    if (saved && (this.unsaved || this.inFlight)) return;
    this.idle.splice(0).forEach((f) => f(saved));
  }

  private store() {
    const kept: StoredEssayDraft = { ...this.draft, baseVersion: this.baseVersion, unsaved: this.unsaved, editedAt: this.now() };
    if (this.inFlight) kept.sending = { ...this.inFlight.draft, baseVersion: this.inFlight.base };
    try {
      this.o.storage?.setItem(this.o.storageKey, JSON.stringify(kept));
    } catch {
      // Storage full or blocked: the draft still lives in memory and goes to the server.
    }
  }

  private report() {
    let status: DraftStatus;
    if (this.halted) status = this.halted;
    else if (this.failures > 0) status = { kind: "retrying", failures: this.failures };
    else if (this.sending) status = { kind: "saving" };
    else if (this.unsaved || this.inFlight) status = { kind: "unsaved" };
    else status = { kind: "saved", version: this.baseVersion, savedAt: this.lastSavedAt };
    this.o.onStatus(status);
  }
}
