import { describe, expect, it, vi } from "vitest";
import { AnswerQueue, type PendingChoice, type QueueStatus } from "@/lib/browser/answer-queue";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function setup(send: (c: PendingChoice) => Promise<void>, storage = memoryStorage()) {
  let n = 0;
  const statuses: QueueStatus[] = [];
  const queue = new AnswerQueue({
    storageKey: "answers:attempt",
    send,
    storage,
    classify: (e) => ((e as { status?: number }).status === 409 ? { retry: false, code: "time_up", message: "Time is up" } : { retry: true }),
    onStatus: (s) => statuses.push(s),
    retryDelay: () => 5,
    newKey: () => `k${++n}`,
  });
  return { queue, statuses, storage };
}

describe("the queue of a timed block's answers", () => {
  it("sends each choice once it is made, with its own idempotency key", async () => {
    const sent: PendingChoice[] = [];
    const { queue } = setup(async (c) => void sent.push(c));
    queue.choose("q1", ["a"], "2030-01-01T10:00:00.000Z");
    queue.choose("q2", ["b"], "2030-01-01T10:00:01.000Z");
    expect(await queue.flush(1000)).toBe(true);
    expect(sent.map((c) => [c.questionId, c.idempotencyKey])).toEqual([["q1", "k1"], ["q2", "k2"]]);
  });

  it("retries a failed send with the same key until it is acknowledged, and shows that it is retrying", async () => {
    const calls: string[] = [];
    let failures = 2;
    const { queue, statuses } = setup(async (c) => {
      calls.push(c.idempotencyKey);
      if (failures-- > 0) throw new Error("network");
    });
    queue.choose("q1", ["a"], "t");
    expect(await queue.flush(1000)).toBe(true);
    expect(calls).toEqual(["k1", "k1", "k1"]);
    expect(statuses.some((s) => s.retrying && s.pending === 1)).toBe(true);
    expect(statuses.at(-1)).toEqual({ pending: 0, retrying: false, refused: null });
  });

  it("keeps only the newest unsent choice of a question", async () => {
    const sent: string[][] = [];
    let release: () => void = () => {};
    const { queue } = setup(
      (c) =>
        new Promise<void>((resolve) => {
          sent.push(c.selectedOptionIds);
          release = resolve;
        }),
    );
    queue.choose("q1", ["a"], "t");
    queue.choose("q1", ["b"], "t");
    queue.choose("q1", ["c"], "t");
    release();
    await tick();
    release();
    await queue.flush(100);
    expect(sent).toEqual([["a"], ["c"]]);
  });

  it("keeps unsent choices in storage, so a reload sends them", async () => {
    const storage = memoryStorage();
    const first = setup(() => new Promise(() => {}), storage);
    first.queue.choose("q1", ["a"], "t");
    first.queue.stop();
    expect(JSON.parse(storage.map.get("answers:attempt")!)).toHaveLength(1);
    const sent: PendingChoice[] = [];
    const second = setup(async (c) => void sent.push(c), storage);
    expect(await second.queue.flush(1000)).toBe(true);
    expect(sent.map((c) => c.idempotencyKey)).toEqual(["k1"]);
    expect(storage.map.has("answers:attempt")).toBe(false);
  });

  it("reports a refusal that can never succeed instead of dropping it silently", async () => {
    const send = vi.fn(async () => {
      throw { status: 409 };
    });
    const { queue, statuses } = setup(send);
    queue.choose("q1", ["a"], "t");
    await queue.flush(1000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toEqual({ pending: 0, retrying: false, refused: { code: "time_up", message: "Time is up" } });
  });
});
