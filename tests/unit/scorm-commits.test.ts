import { describe, expect, it } from "vitest";
import { committableCmi, parseScormTime, ScormCommitQueue, scormCommitStorageKey, type ScormCommitItem } from "@/lib/browser/scorm-commits";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
}

function setup(send: (c: ScormCommitItem) => Promise<void>, storage = memoryStorage()) {
  let n = 0;
  const queue = new ScormCommitQueue({ itemId: "item-1", storage, send, retryDelay: () => 5, newKey: () => `k${++n}`, classify: () => ({ retry: true }) });
  return { queue, storage };
}

describe("a SCORM package's commits", () => {
  it("read session times in both SCORM notations", () => {
    expect(parseScormTime("0000:01:30.50")).toBe(90.5);
    expect(parseScormTime("01:00:00")).toBe(3600);
    expect(parseScormTime("PT1M5S")).toBe(65);
    expect(parseScormTime("PT1H0M0.25S")).toBe(3600.25);
    expect(parseScormTime("P")).toBeNull();
    expect(parseScormTime("soon")).toBeNull();
    expect(parseScormTime(undefined)).toBeNull();
  });

  it("carry only text values of cmi elements", () => {
    expect(committableCmi({ "cmi.core.lesson_status": "passed", "cmi.objectives": {}, "cmi.core.score.raw": 90, "bogus.key": "x", "cmi.suspend_data": "a".repeat(64_001) })).toEqual({
      "cmi.core.lesson_status": "passed",
      "cmi.core.score.raw": "90",
    });
  });

  it("survive a dropped network: kept in storage with their key, resent until acknowledged, each with a growing sequence", async () => {
    const storage = memoryStorage();
    let online = false;
    const sent: ScormCommitItem[] = [];
    const { queue } = setup(async (c) => {
      if (!online) throw Object.assign(new Error("offline"), { status: undefined });
      sent.push(c);
    }, storage);
    queue.commit("s1", { "cmi.core.lesson_status": "incomplete" }, 10);
    await new Promise((r) => setTimeout(r, 20));
    expect(JSON.parse(storage.map.get(scormCommitStorageKey("item-1"))!)).toHaveLength(1);
    // A newer commit of the same session replaces the older one still waiting.
    queue.commit("s1", { "cmi.core.lesson_status": "passed" }, 20);
    online = true;
    expect(await queue.flush(1000)).toBe(true);
    expect(sent.map((c) => [c.idempotencyKey, c.body.cmi["cmi.core.lesson_status"], c.body.sessionSeconds])).toEqual([["k2", "passed", 20]]);
    queue.commit("s2", {}, 5);
    expect(await queue.flush(1000)).toBe(true);
    expect(sent[1]!.body.sequence).toBeGreaterThan(sent[0]!.body.sequence);
  });

  it("commit at a page's close only what changed since the last commit", async () => {
    const sent: ScormCommitItem[] = [];
    const { queue } = setup(async (c) => void sent.push(c));
    expect(queue.commit("s1", { "cmi.suspend_data": "x" }, 10)).toBe(true);
    expect(queue.commit("s1", { "cmi.suspend_data": "x" }, 10, true)).toBe(false);
    expect(queue.commit("s1", { "cmi.suspend_data": "y" }, 12, true)).toBe(true);
    expect(await queue.flush(1000)).toBe(true);
  });

  it("leave what a closed page could not send for the next page", async () => {
    const storage = memoryStorage();
    const first = setup(() => new Promise(() => undefined), storage).queue;
    first.commit("s1", { "cmi.core.lesson_status": "passed" }, 30);
    first.stop();
    const sent: ScormCommitItem[] = [];
    const next = setup(async (c) => void sent.push(c), storage).queue;
    expect(await next.flush(1000)).toBe(true);
    expect(sent.map((c) => c.body.cmi)).toEqual([{ "cmi.core.lesson_status": "passed" }]);
  });
});
