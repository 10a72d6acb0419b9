import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  EssayDraftSync,
  restoreEssayDraft,
  storedEssayDraft,
  type DraftStatus,
  type EssayDraftContent,
  type SaveFailure,
  type SaveResult,
} from "@/lib/browser/essay-draft";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
}

/** A server holding one draft with versions, refusing saves based on an older version, remembering keys. */
function fakeServer(start = 0) {
  const state = { version: start, text: "", keys: new Map<string, SaveResult>(), offline: false, saves: [] as { text: string; base: number; key: string }[] };
  const send = async (draft: EssayDraftContent, base: number, key: string): Promise<SaveResult> => {
    if (state.offline) throw Object.assign(new Error("offline"), { offline: true });
    state.saves.push({ text: draft.text, base, key });
    const known = state.keys.get(key);
    if (known) return known;
    if (base < state.version) throw Object.assign(new Error("A newer draft was saved in another tab"), { conflict: true });
    state.version += 1;
    state.text = draft.text;
    const result = { draftVersion: state.version, draftSavedAt: new Date().toISOString() };
    state.keys.set(key, result);
    return result;
  };
  return { state, send };
}

const classify = (e: unknown): SaveFailure =>
  (e as { conflict?: boolean }).conflict
    ? { retry: false as const, code: "draft_conflict", message: (e as Error).message }
    : (e as { offline?: boolean }).offline
      ? { retry: true as const }
      : { retry: false as const, code: "time_up", message: "Time is up" };

function setup(server: ReturnType<typeof fakeServer>, keyPrefix = "k", storage = memoryStorage(), initial = { text: "", attachmentUrls: [] as string[] }, baseVersion = 0) {
  let n = 0;
  const statuses: DraftStatus[] = [];
  const sync = new EssayDraftSync({
    storageKey: "essay:attempt",
    storage,
    initial,
    baseVersion,
    unsaved: false,
    send: server.send,
    classify,
    onStatus: (s) => statuses.push(s),
    saveAfterMs: 2000,
    maxWaitMs: 5000,
    retryDelay: () => 1000,
    newKey: () => `${keyPrefix}${++n}`,
  });
  return { sync, statuses, storage, last: () => statuses.at(-1) };
}

const text = (t: string) => ({ text: t, attachmentUrls: [] });

describe("an essay draft on its way to the server", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps every change in local storage at once and saves to the server after typing pauses", async () => {
    const server = fakeServer();
    const { sync, storage, last } = setup(server);
    sync.edit(text("The bracket"));
    expect(storedEssayDraft(storage, "essay:attempt")).toMatchObject({ text: "The bracket", unsaved: true, baseVersion: 0 });
    expect(last()).toEqual({ kind: "unsaved" });
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.state.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600);
    expect(server.state.text).toBe("The bracket");
    expect(last()).toMatchObject({ kind: "saved", version: 1 });
    expect(storedEssayDraft(storage, "essay:attempt")).toMatchObject({ unsaved: false, baseVersion: 1 });
  });

  it("saves at least every few seconds while typing goes on", async () => {
    const server = fakeServer();
    const { sync } = setup(server);
    for (let i = 1; i <= 12; i++) {
      sync.edit(text("word ".repeat(i)));
      await vi.advanceTimersByTimeAsync(500);
    }
    // Six seconds of typing without a pause of two seconds: one save went out at the five-second mark.
    expect(server.state.saves.length).toBe(1);
    await vi.advanceTimersByTimeAsync(2500);
    expect(server.state.text).toBe("word ".repeat(12));
  });

  it("retries a failed save with the same key, shows it, and sends newer text only after the server has the older one", async () => {
    const server = fakeServer();
    const { sync, last } = setup(server);
    sync.edit(text("first"));
    server.state.offline = true;
    await vi.advanceTimersByTimeAsync(2100);
    expect(last()).toEqual({ kind: "retrying", failures: 1 });
    sync.edit(text("first and second"));
    server.state.offline = false;
    await vi.advanceTimersByTimeAsync(1100);
    await vi.advanceTimersByTimeAsync(100);
    expect(server.state.saves.map((s) => [s.text, s.base, s.key])).toEqual([
      ["first", 0, "k1"],
      ["first and second", 1, "k2"],
    ]);
    expect(server.state.text).toBe("first and second");
    expect(last()).toMatchObject({ kind: "saved", version: 2 });
  });

  it("a save whose answer was lost is resent with its key, and does not look like another tab's draft", async () => {
    const server = fakeServer();
    const original = server.send;
    let loseAnswer = true;
    const statuses: DraftStatus[] = [];
    const sync = new EssayDraftSync({
      storageKey: "s",
      initial: text(""),
      baseVersion: 0,
      unsaved: false,
      send: async (d, b, k) => {
        const result = await original(d, b, k);
        if (loseAnswer) {
          loseAnswer = false;
          throw Object.assign(new Error("offline"), { offline: true });
        }
        return result;
      },
      classify,
      onStatus: (s) => statuses.push(s),
      retryDelay: () => 1000,
      newKey: () => "only",
    });
    sync.edit(text("arrived"));
    await vi.advanceTimersByTimeAsync(2100);
    expect(statuses.at(-1)).toEqual({ kind: "retrying", failures: 1 });
    await vi.advanceTimersByTimeAsync(1100);
    expect(server.state.version).toBe(1);
    expect(sync.version).toBe(1);
    expect(statuses.at(-1)).toMatchObject({ kind: "saved", version: 1 });
  });

  it("stops on a newer draft from another tab, overwrites nothing, and goes on with the text the learner keeps", async () => {
    const server = fakeServer();
    const tabA = setup(server, "a");
    const tabB = setup(server, "b");
    tabA.sync.edit(text("from tab A"));
    await vi.advanceTimersByTimeAsync(2100);
    tabB.sync.edit(text("from tab B"));
    await vi.advanceTimersByTimeAsync(2100);
    expect(server.state.text).toBe("from tab A");
    expect(tabB.last()).toEqual({ kind: "conflict", message: "A newer draft was saved in another tab" });
    // Typing goes on in tab B; nothing is sent until the learner chooses.
    tabB.sync.edit(text("from tab B, more"));
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.state.text).toBe("from tab A");
    expect(storedEssayDraft(tabB.storage, "essay:attempt")).toMatchObject({ text: "from tab B, more", unsaved: true });
    tabB.sync.resolve(text("from tab B, more"), server.state.version, false);
    await vi.advanceTimersByTimeAsync(100);
    expect(server.state.text).toBe("from tab B, more");
    expect(tabB.last()).toMatchObject({ kind: "saved", version: 2 });
  });

  it("flush resolves once the server has everything", async () => {
    const server = fakeServer();
    const { sync } = setup(server);
    sync.edit(text("final words"));
    const flushed = sync.flush(3000);
    await vi.advanceTimersByTimeAsync(10);
    expect(await flushed).toBe(true);
    expect(server.state.text).toBe("final words");
  });

  it("flush answers false when the server refuses", async () => {
    const server = fakeServer();
    server.send = async () => {
      throw new Error("Time is up");
    };
    const { sync, last } = setup(server);
    sync.edit(text("late"));
    const flushed = sync.flush(3000);
    await vi.advanceTimersByTimeAsync(10);
    expect(await flushed).toBe(false);
    expect(last()).toEqual({ kind: "refused", code: "time_up", message: "Time is up" });
  });
});

describe("the draft a page opens with", () => {
  const server = (t: string, version: number) => ({ text: t, attachmentUrls: [], version });
  const kept = (t: string, baseVersion: number, unsaved: boolean, sending?: { text: string; baseVersion: number }) => ({
    text: t,
    attachmentUrls: [],
    baseVersion,
    unsaved,
    editedAt: 1,
    sending: sending && { ...sending, attachmentUrls: [] },
  });

  it("is the server's when nothing unsaved is kept here", () => {
    expect(restoreEssayDraft(server("saved", 3), null)).toEqual({ kind: "ready", draft: text("saved"), baseVersion: 3, unsaved: false });
    expect(restoreEssayDraft(server("saved", 3), kept("older", 2, false))).toMatchObject({ kind: "ready", draft: text("saved") });
  });

  it("is this browser's when it has changes made from the server's version (a reload before the save)", () => {
    expect(restoreEssayDraft(server("saved", 3), kept("saved and more", 3, true))).toEqual({
      kind: "ready",
      draft: text("saved and more"),
      baseVersion: 3,
      unsaved: true,
    });
  });

  it("shows both when another device saved a newer, different text", () => {
    expect(restoreEssayDraft(server("from the laptop", 5), kept("from the phone", 3, true))).toEqual({
      kind: "conflict",
      mine: text("from the phone"),
      theirs: text("from the laptop"),
      serverVersion: 5,
    });
  });

  it("recognises the server's newer version as this browser's own save that was on its way", () => {
    expect(restoreEssayDraft(server("sent", 4), kept("sent, then more", 3, true, { text: "sent", baseVersion: 3 }))).toEqual({
      kind: "ready",
      draft: text("sent, then more"),
      baseVersion: 4,
      unsaved: true,
    });
  });
});
