// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LogRecord } from "@/lib/contract/calls/shell";
import { logApiResponse, startClientLogging } from "@/lib/browser/client-log";
import { LOG_FIRST_SEND_DELAY_MS } from "@/lib/browser/log-queue";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function capture() {
  const batches: LogRecord[][] = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    batches.push((JSON.parse(String(init.body)) as { records: LogRecord[] }).records);
    return new Response(null, { status: 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { batches, fetchMock };
}

describe("the browser's log", () => {
  it("logs API answers 200-299 as info and 400-599 as error, with no body and no answer text", async () => {
    vi.useFakeTimers();
    const { batches, fetchMock } = capture();
    const stop = startClientLogging("/api/log");
    logApiResponse({ method: "get", url: "/user/info", status: 200, durationMs: 12 });
    logApiResponse({ method: "post", url: "/course/createEnrollment", status: 403, body: { message: "Not in your batch" } });
    logApiResponse({ method: "post", url: "/course/video/mcq/answer", status: 400, body: { message: "selectedOptionIds: option 42 is right" } });
    logApiResponse({ method: "get", url: "/course/video/tree?id=1", status: 503 });
    logApiResponse({ method: "get", url: "/user/info" });
    // The first batch waits until the page has started.
    await vi.advanceTimersByTimeAsync(LOG_FIRST_SEND_DELAY_MS - 100);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2500);
    stop();
    expect(fetchMock).toHaveBeenCalled();
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/log");
    // A batch on its way survives the page being left.
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: "POST", keepalive: true });
    const records = batches.flat();
    expect(records.map((r) => [r.level, r.message])).toEqual([
      ["info", "GET /user/info 200"],
      ["error", "POST /course/createEnrollment 403: Not in your batch"],
      ["error", "POST /course/video/mcq/answer 400"],
      ["error", "GET /course/video/tree 503"],
      ["warn", "GET /user/info no answer"],
    ]);
    expect(records.every((r) => r.source === "api")).toBe(true);
    expect(JSON.stringify(records)).not.toContain("option 42");
  });

  it("records console errors, window errors and unhandled rejections, and stops on cleanup", async () => {
    vi.useFakeTimers();
    const { batches } = capture();
    const original = console.error;
    console.error = () => undefined;
    const stop = startClientLogging("/api/log");
    console.error("Request failed", new Error("Bearer abc.def.ghi was refused"));
    window.dispatchEvent(new ErrorEvent("error", { message: "boom", error: new TypeError("boom"), filename: "app.js", lineno: 3 }));
    const rejection = new Event("unhandledrejection") as PromiseRejectionEvent;
    Object.defineProperty(rejection, "reason", { value: new Error("lost promise") });
    window.dispatchEvent(rejection);
    await vi.advanceTimersByTimeAsync(LOG_FIRST_SEND_DELAY_MS + 2500);
    stop();
    console.error = original;
    const records = batches.flat();
    expect(records.map((r) => r.source)).toEqual(["console", "window", "promise"]);
    expect(records[0]!.message).toContain("Bearer [redacted]");
    expect(JSON.stringify(records)).not.toContain("abc.def.ghi");
    expect(records[1]!.message).toBe("TypeError: boom");
    expect(records[2]!.message).toBe("Error: lost promise");
  });
});
