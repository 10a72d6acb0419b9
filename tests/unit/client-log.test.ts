import { describe, expect, it } from "vitest";
import { logRecord as logRecordSchema, recordClientLog, type LogRecord } from "@/lib/contract/calls/shell";
import { createLogQueue, LOG_BATCH_BYTES, LOG_THROTTLE_MS, toSafeRecord } from "@/lib/browser/log-queue";
import { carriesAnswers, redact, redactText, redactUrl } from "@/lib/redact";

/** A clock and timers the test moves by hand. */
function fakeTime() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      timers = timers.filter((t) => t.id !== id);
    },
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
        await Promise.resolve();
        await Promise.resolve();
      }
      now = until;
    },
  };
}

const record = (message: string, extra: Partial<LogRecord> = {}): LogRecord => ({ level: "error", source: "console", message, time: new Date(0).toISOString(), ...extra });

function setup(deliver: (batch: LogRecord[]) => boolean = () => true, startAfter?: Promise<unknown>) {
  const time = fakeTime();
  const sends: { at: number; batch: LogRecord[] }[] = [];
  const exits: LogRecord[][] = [];
  const queue = createLogQueue({
    send: async (batch) => {
      sends.push({ at: time.now(), batch });
      return deliver(batch);
    },
    sendOnExit: (batch) => exits.push(batch),
    startAfter,
    now: time.now,
    setTimer: time.setTimer,
    clearTimer: time.clearTimer,
  });
  return { time, sends, exits, queue };
}

describe("log throttling and batching", () => {
  it("sends at most once per 2000 ms, batching what arrived in between", async () => {
    expect(LOG_THROTTLE_MS).toBe(2000);
    const { time, sends, queue } = setup();
    queue.push(record("a"));
    await time.advance(0);
    expect(sends.map((s) => s.batch.map((r) => r.message))).toEqual([["a"]]);

    for (const m of ["b", "c", "d"]) {
      queue.push(record(m));
      await time.advance(300);
    }
    expect(sends).toHaveLength(1);
    await time.advance(2000);
    expect(sends.map((s) => s.batch.map((r) => r.message))).toEqual([["a"], ["b", "c", "d"]]);
    expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(2000);

    for (let i = 0; i < 30; i++) {
      queue.push(record(`burst ${i}`));
      await time.advance(100);
    }
    await time.advance(10_000);
    for (let i = 1; i < sends.length; i++) expect(sends[i]!.at - sends[i - 1]!.at).toBeGreaterThanOrEqual(2000);
    expect(sends.flatMap((s) => s.batch).length).toBe(34);
  });

  it("keeps a batch that did not arrive and sends it again, in order", async () => {
    let fail = true;
    const { time, sends, queue } = setup(() => !fail);
    queue.push(record("first"));
    await time.advance(0);
    queue.push(record("second"));
    fail = false;
    await time.advance(2000);
    expect(sends.map((s) => s.batch.map((r) => r.message))).toEqual([["first"], ["first", "second"]]);
  });

  it("sends no more than 50 records or 60 KB at a time", async () => {
    const { time, sends, queue } = setup();
    for (let i = 0; i < 120; i++) queue.push(record(`r${i}`));
    await time.advance(10_000);
    expect(sends.map((s) => s.batch.length)).toEqual([50, 50, 20]);
    const big = setup();
    for (let i = 0; i < 40; i++) big.queue.push(record("x".repeat(1900), { context: { detail: "y".repeat(3000) } }));
    await big.time.advance(60_000);
    for (const s of big.sends) expect(JSON.stringify(s.batch).length).toBeLessThanOrEqual(LOG_BATCH_BYTES + 100);
    expect(big.sends.flatMap((s) => s.batch)).toHaveLength(40);
  });

  it("says how many records it had to drop when the service cannot keep up", async () => {
    const { time, sends, queue } = setup(() => false);
    for (let i = 0; i < 600; i++) queue.push(record(`r${i}`));
    await time.advance(0);
    expect(queue.size()).toBeLessThanOrEqual(500);
    const all = sends.flatMap((s) => s.batch.map((r) => r.message));
    expect(all.some((m) => /\d+ log records were dropped/.test(m))).toBe(true);
  });

  it("hands everything left to the exit sender on pagehide, without waiting for the throttle", async () => {
    const { time, sends, exits, queue } = setup();
    queue.push(record("a"));
    await time.advance(0);
    for (let i = 0; i < 70; i++) queue.push(record(`late ${i}`));
    queue.flushOnExit();
    expect(sends).toHaveLength(1);
    expect(exits.map((b) => b.length)).toEqual([50, 20]);
    expect(queue.size()).toBe(0);
    await time.advance(5000);
    expect(sends).toHaveLength(1);
  });

  it("sends nothing before the page has started, then all it holds in one batch; on exit it sends at once", async () => {
    let started = () => undefined as void;
    const { time, sends, exits, queue } = setup(undefined, new Promise<void>((resolve) => (started = resolve)));
    queue.push(record("during start 1"));
    queue.push(record("during start 2"));
    await time.advance(10_000);
    expect(sends).toHaveLength(0);
    started();
    await Promise.resolve();
    await time.advance(0);
    expect(sends.map((s) => s.batch.map((r) => r.message))).toEqual([["during start 1", "during start 2"]]);

    let startedToo = () => undefined as void;
    const leaving = setup(undefined, new Promise<void>((resolve) => (startedToo = resolve)));
    leaving.queue.push(record("before leaving"));
    leaving.queue.flushOnExit();
    expect(leaving.exits.map((b) => b.map((r) => r.message))).toEqual([["before leaving"]]);
    startedToo();
    await leaving.time.advance(5000);
    expect(leaving.sends).toHaveLength(0);
    expect(exits).toHaveLength(0);
  });
});

describe("what a log record may hold", () => {
  it("never holds a bearer token, a session cookie, an invite id or a user token", () => {
    const secret = "tok_abcdefghijklmnop123456";
    const dirty = toSafeRecord(
      record(`Request failed: Authorization: Bearer ${secret}; cookie devuserTokenSklGrow=${secret}`, {
        page: `http://localhost/login/finish?inviteId=${secret}#inviteId=${secret}`,
        context: {
          headers: { Authorization: `Bearer ${secret}`, Cookie: `devuserTokenSklGrow=${secret}` },
          body: { inviteId: secret, userToken: secret, note: `userToken=${secret}` },
          url: `/api/auth/finishLogin?token=${secret}`,
          tawkHash: secret,
        },
      }),
    );
    expect(JSON.stringify(dirty)).not.toContain(secret);
    expect(logRecordSchema.safeParse(dirty).success).toBe(true);
  });

  it("leaves ordinary text alone", () => {
    expect(redactText("GET /course/video/tree 200")).toBe("GET /course/video/tree 200");
    expect(redact({ status: 404, path: "/api/user/info", statusCode: 404 })).toEqual({ status: 404, path: "/api/user/info", statusCode: 404 });
  });

  it("drops the fragment and token parameters of page addresses", () => {
    expect(redactUrl("https://site.test/login/finish#inviteId=abc")).toBe("https://site.test/login/finish");
    expect(redactUrl("https://site.test/?inviteId=abc&x=1")).toBe("https://site.test/?inviteId=[redacted]&x=1");
  });

  it("knows which calls carry answers", () => {
    expect(carriesAnswers("/course/video/mcq/answer")).toBe(true);
    expect(carriesAnswers("/course/video/essayBlock/submit")).toBe(true);
    expect(carriesAnswers("/course/video/tree")).toBe(false);
  });

  it("cuts records to what the endpoint accepts", () => {
    const safe = toSafeRecord(record("m".repeat(5000), { context: { big: "z".repeat(20_000) } }));
    expect(recordClientLog.body!.safeParse({ records: [safe] }).success).toBe(true);
  });
});
