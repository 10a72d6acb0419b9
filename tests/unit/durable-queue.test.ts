// @vitest-environment jsdom
import { http as mswHttp, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordUserEvent } from "@/lib/api/call-routes";
import { callApi, createHttpClient } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import { backoffDelay, classifySendError, DurableQueue, type DurableQueueStatus } from "@/lib/browser/durable-queue";

const base = "http://api.test/api";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => localStorage.clear());

interface Event {
  idempotencyKey: string;
  name: string;
}

interface Arrival {
  key: string | null;
  body: unknown;
}

/** The server answers each arrival with the next of `answers` (200 once they run out). */
function serve(answers: (() => Response)[]): Arrival[] {
  const arrivals: Arrival[] = [];
  server.use(
    mswHttp.post(`${base}/user/events`, async ({ request }) => {
      arrivals.push({ key: request.headers.get("idempotency-key"), body: await request.json() });
      return answers.shift()?.() ?? HttpResponse.json({ isSuccess: true, message: "Recorded" });
    }),
  );
  return arrivals;
}

// A client that would retry a 5xx three times on its own: the queue's sends must not.
const client = createHttpClient({ baseURL: base, getToken: () => "tok-123", retries: 3 });

function queue(options: { retryDelay?: (failures: number) => number | null } = {}) {
  const statuses: DurableQueueStatus[] = [];
  const delays: number[] = [];
  const q = new DurableQueue<Event>({
    storageKey: "test-queue",
    send: (e) => callApi(recordUserEvent, { body: { eventName: e.name }, idempotencyKey: e.idempotencyKey, retry: false }, client),
    classify: (error) => classifySendError(error, errorMessage),
    retryDelay: options.retryDelay ?? ((n) => (delays.push(n), 5)),
    onStatus: (s) => statuses.push(s),
  });
  return { q, statuses, delays };
}

const refusal = () => HttpResponse.json({ error: "Bad Request", message: "eventName is required", statusCode: 400, code: "bad_request" }, { status: 400 });
const failing = () => new HttpResponse(null, { status: 503 });

describe("the durable queue", () => {
  it("keeps what waits in local storage, so the next page (a reload) sends it", async () => {
    const arrivals = serve([]);
    const first = queue({ retryDelay: () => null });
    first.q.stop();
    first.q.add({ idempotencyKey: "k1", name: "opened" });
    expect(JSON.parse(localStorage.getItem("test-queue")!)).toEqual([{ idempotencyKey: "k1", name: "opened" }]);
    expect(arrivals).toEqual([]);

    const second = queue();
    expect(second.q.items()).toEqual([{ idempotencyKey: "k1", name: "opened" }]);
    expect(await second.q.drain()).toBe(1);
    expect(arrivals).toEqual([{ key: "k1", body: { eventName: "opened" } }]);
    expect(localStorage.getItem("test-queue")).toBeNull();
  });

  it("retries a 5xx and a lost connection with growing delays, each time with the same Idempotency-Key and no key in the body", async () => {
    const arrivals = serve([failing, () => HttpResponse.error(), failing]);
    const { q, statuses, delays } = queue();
    q.add({ idempotencyKey: "k1", name: "opened" });
    expect(await q.flush(2000)).toBe(true);
    // One request per try: the HTTP client left the retries to the queue.
    expect(arrivals).toHaveLength(4);
    expect(arrivals.every((a) => a.key === "k1" && JSON.stringify(a.body) === '{"eventName":"opened"}')).toBe(true);
    expect(delays).toEqual([1, 2, 3]);
    expect(statuses.some((s) => s.retrying && s.pending === 1)).toBe(true);
    expect(statuses.at(-1)).toEqual({ pending: 0, retrying: false, refused: null });
  });

  it("retries a 429 too", async () => {
    const arrivals = serve([() => new HttpResponse(null, { status: 429 })]);
    const { q } = queue();
    q.add({ idempotencyKey: "k1", name: "opened" });
    expect(await q.flush(2000)).toBe(true);
    expect(arrivals.map((a) => a.key)).toEqual(["k1", "k1"]);
  });

  it("drops an item the server refuses (4xx), reports it with its code, and goes on with the next", async () => {
    const arrivals = serve([refusal]);
    const { q, statuses, delays } = queue();
    q.add({ idempotencyKey: "k1", name: "bad" });
    q.add({ idempotencyKey: "k2", name: "good" });
    expect(await q.drain()).toBe(1);
    expect(arrivals.map((a) => a.key)).toEqual(["k1", "k2"]);
    expect(delays).toEqual([]);
    expect(q.items()).toEqual([]);
    expect(statuses.at(-1)).toEqual({ pending: 0, retrying: false, refused: { code: "bad_request", message: "eventName is required" } });
  });

  it("waits one second before the first retry, doubling up to fifteen", () => {
    expect([1, 2, 3, 4, 5, 6].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
  });

  it("runs one drainer: two drains at once send each item once", async () => {
    const arrivals = serve([]);
    const { q } = queue();
    q.add({ idempotencyKey: "k1", name: "a" });
    q.add({ idempotencyKey: "k2", name: "b" });
    await Promise.all([q.drain(), q.drain()]);
    expect(arrivals.map((a) => a.key)).toEqual(["k1", "k2"]);
  });
});
