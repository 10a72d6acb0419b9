import type { LogRecord } from "@/lib/contract/calls/shell";
import { mayPassLater } from "./durable-queue";
import { createLogQueue, LOG_FIRST_SEND_DELAY_MS, type LogQueue } from "./log-queue";
import { whenPageSettled } from "./page-settled";
import { carriesAnswers, redactUrl } from "../redact";

type Level = LogRecord["level"];
type Source = LogRecord["source"];

// Records made before the shell starts logging (an API answer during hydration) wait here.
const early: LogRecord[] = [];
let queue: LogQueue | null = null;
let reporting = false;

/** Adds one record to the browser's log; a no-op on the server. */
export function logRecord(level: Level, source: Source, message: string, context?: Record<string, unknown>) {
  if (typeof window === "undefined" || reporting) return;
  reporting = true;
  try {
    const record: LogRecord = { level, source, message, time: new Date().toISOString(), page: redactUrl(window.location.href), context };
    if (queue) queue.push(record);
    else if (early.length < 100) early.push(record);
  } finally {
    reporting = false;
  }
}

/** Text for console arguments and thrown values. */
export function describeValue(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function logError(source: Source, error: unknown, context?: Record<string, unknown>) {
  const stack = error instanceof Error ? error.stack : undefined;
  const digest = (error as { digest?: string } | null)?.digest;
  logRecord("error", source, describeValue(error), { ...context, ...(stack ? { stack } : {}), ...(digest ? { digest } : {}) });
}

/**
 * One record per API answer: 200-299 info, 400-599 error, no answer at all a warning. Only the
 * method, path, status, duration and the error's message are kept: never headers (the token), nor
 * bodies, and for the calls that carry answers not even the message.
 */
export function logApiResponse(input: { method?: string; url?: string; status?: number; durationMs?: number; body?: unknown }) {
  const method = (input.method ?? "get").toUpperCase();
  const path = (input.url ?? "").split("?")[0] ?? "";
  const status = input.status ?? 0;
  const level: Level = status >= 200 && status < 300 ? "info" : status >= 400 && status < 600 ? "error" : "warn";
  const bodyMessage = typeof input.body === "object" && input.body !== null ? (input.body as { message?: unknown }).message : undefined;
  const message = level === "error" && typeof bodyMessage === "string" && !carriesAnswers(path) ? `: ${bodyMessage}` : "";
  logRecord(level, "api", `${method} ${path} ${status || "no answer"}${message}`, { method, path, status, durationMs: input.durationMs });
}

function sameOrigin(url: string) {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Starts sending the log to `url`: console errors, window errors and unhandled rejections from now on, and whatever was recorded before. */
export function startClientLogging(url: string): () => void {
  if (queue) return () => undefined;
  const post = async (records: LogRecord[]) => {
    // keepalive: a batch on its way when the learner follows a link to another page still arrives (a batch fits its 64 KB).
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ records }), credentials: "omit", keepalive: true });
    // A batch the service refuses as malformed would be refused again: only a busy or failing service gets it resent.
    return res.ok || !mayPassLater(res.status);
  };
  const sendOnExit = (records: LogRecord[]) => {
    const body = JSON.stringify({ records });
    const beaconed = sameOrigin(url) && typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, new Blob([body], { type: "application/json" }));
    if (!beaconed) void fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body, credentials: "omit", keepalive: true }).catch(() => undefined);
  };
  // The first batch waits until the page has started (loaded, then 5 s and an idle moment): a page's
  // start makes records (its API answers) but the log service need not hear of them at once, and the
  // request would compete with the page on a slow phone. A page closed sooner sends them on exit.
  const q = createLogQueue({ send: post, sendOnExit, startAfter: whenPageSettled(LOG_FIRST_SEND_DELAY_MS) });
  queue = q;
  for (const record of early.splice(0)) q.push(record);

  const originalError = console.error;
  console.error = (...args: unknown[]) => {
    originalError.apply(console, args);
    const error = args.find((a) => a instanceof Error);
    logRecord("error", "console", args.map(describeValue).join(" "), error instanceof Error && error.stack ? { stack: error.stack } : undefined);
  };
  const onError = (e: ErrorEvent) => logError("window", e.error ?? e.message, { filename: e.filename, line: e.lineno, column: e.colno });
  const onRejection = (e: PromiseRejectionEvent) => logError("promise", e.reason);
  const onExit = () => q.flushOnExit();
  const onHidden = () => document.visibilityState === "hidden" && q.flushOnExit();
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  window.addEventListener("pagehide", onExit);
  document.addEventListener("visibilitychange", onHidden);

  return () => {
    console.error = originalError;
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
    window.removeEventListener("pagehide", onExit);
    document.removeEventListener("visibilitychange", onHidden);
    q.flushOnExit();
    queue = null;
  };
}
