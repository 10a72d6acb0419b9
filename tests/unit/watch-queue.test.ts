// @vitest-environment jsdom
import { delay, http as mswHttp, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { QueuedWatchRecord } from "@/lib/api/learning";
import { recordVideoWatch } from "@/lib/contract/calls/learning";
import { drainWatchRecords, enqueueWatchRecord, flushWatchRecordsOnExit, pendingWatchRecords } from "@/lib/browser/watch-queue";
import { sessionCookieName } from "@/lib/session-cookie";

const endpoint = new URL(`/api${recordVideoWatch.group}${recordVideoWatch.path}`, location.href).toString();
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

interface Arrival {
  key: string;
  keepalive: boolean;
  idempotencyHeader: string | null;
  authorization: string | null;
}
let arrivals: Arrival[];
let failing: boolean;

beforeEach(() => {
  arrivals = [];
  failing = false;
  localStorage.clear();
  document.cookie = `${sessionCookieName("dev")}=session-token-123; path=/`;
  server.use(
    mswHttp.post(endpoint, async ({ request }) => {
      if (failing) return HttpResponse.error();
      const body = recordVideoWatch.body!.parse(await request.json());
      arrivals.push({
        key: request.headers.get("idempotency-key")!,
        keepalive: request.keepalive,
        idempotencyHeader: request.headers.get("idempotency-key"),
        authorization: request.headers.get("authorization"),
      });
      // Slow enough that a second trigger comes while the first send is still on its way.
      await delay(25);
      return HttpResponse.json({
        id: `r-${request.headers.get("idempotency-key")}`,
        courseId: body.courseId,
        versionId: body.versionId,
        videoId: body.videoId,
        completed: false,
        watchDuration: body.watchDuration,
        updatedAt: new Date().toISOString(),
      });
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  document.cookie = `${sessionCookieName("dev")}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

function record(n: number): QueuedWatchRecord {
  return {
    courseId: "course-1",
    versionId: "version-1",
    videoId: "video-1",
    watchDuration: { timeStamp: [n, n + 1], totalDuration: n + 1 },
    idempotencyKey: `key-${n}`,
    recordedAt: new Date(Date.UTC(2030, 0, 1, 10, 0, n)).toISOString(),
  };
}

const keys = () => arrivals.map((a) => a.key).sort();

describe("the watch-record queue", () => {
  it("sends each record once when two triggers drain at the same time (the network back and a new record)", async () => {
    for (const n of [1, 2, 3]) enqueueWatchRecord(record(n));
    const first = drainWatchRecords();
    enqueueWatchRecord(record(4));
    const second = drainWatchRecords();
    const [a, b] = await Promise.all([first, second]);
    expect(keys()).toEqual(["key-1", "key-2", "key-3", "key-4"]);
    expect(a).toBe(4);
    expect(b).toBe(4);
    expect(pendingWatchRecords()).toEqual([]);
    expect(arrivals.every((r) => r.idempotencyHeader === r.key && r.authorization === "Bearer session-token-123")).toBe(true);
  });

  it("a closing page sends every waiting record with keepalive, and the drainer leaves those to it", async () => {
    for (const n of [1, 2, 3]) enqueueWatchRecord(record(n));
    const draining = drainWatchRecords();
    flushWatchRecordsOnExit();
    await draining;
    await expect.poll(() => pendingWatchRecords().length).toBe(0);
    // The drainer's own request would die with the page, so its record goes with keepalive too.
    expect(arrivals.filter((a) => a.keepalive).map((a) => a.key).sort()).toEqual(["key-1", "key-2", "key-3"]);
    expect(arrivals.filter((a) => !a.keepalive).map((a) => a.key)).toEqual(["key-1"]);
  });

  it("sends each record once when both signals of one exit come (visibilitychange, then pagehide)", async () => {
    for (const n of [1, 2]) enqueueWatchRecord(record(n));
    flushWatchRecordsOnExit();
    flushWatchRecordsOnExit();
    await expect.poll(() => pendingWatchRecords().length).toBe(0);
    expect(keys()).toEqual(["key-1", "key-2"]);
  });

  it("sends a closing page's records with keepalive to the call's path, with the session and the idempotency key", async () => {
    enqueueWatchRecord(record(7));
    flushWatchRecordsOnExit();
    await expect.poll(() => pendingWatchRecords().length).toBe(0);
    expect(arrivals).toEqual([{ key: "key-7", keepalive: true, idempotencyHeader: "key-7", authorization: "Bearer session-token-123" }]);
  });

  it("keeps what could not be sent offline and sends it, once, when drained again", async () => {
    for (const n of [1, 2]) enqueueWatchRecord(record(n));
    failing = true;
    expect(await drainWatchRecords()).toBe(0);
    flushWatchRecordsOnExit();
    await delay(50);
    expect(pendingWatchRecords().map((r) => r.idempotencyKey)).toEqual(["key-1", "key-2"]);
    failing = false;
    await Promise.all([drainWatchRecords(), drainWatchRecords()]);
    expect(keys()).toEqual(["key-1", "key-2"]);
    expect(pendingWatchRecords()).toEqual([]);
  });
});
