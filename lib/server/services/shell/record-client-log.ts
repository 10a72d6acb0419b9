import "server-only";
import type { LogRecord } from "@/lib/contract/calls/shell";
import { redact } from "@/lib/redact";
import type { Deps } from "../../deps";
import { ApiError } from "../../errors";
import { hitRateLimit } from "../../rate-limit";

/** Requests one IP address may send per minute: a page sends at most one every 2 s, so this leaves room for several tabs behind one address. */
export const CLIENT_LOG_REQUESTS_PER_MINUTE = 120;

/**
 * Writes browsers' log records as structured JSON lines. The records are redacted again here, so a
 * client that does not clean its records still leaves no token in the log.
 */
export async function recordClientLog(deps: Deps, input: { records: LogRecord[]; ip: string; userAgent?: string }) {
  const limit = await hitRateLimit(deps.db, `client-log:ip:${input.ip}`, CLIENT_LOG_REQUESTS_PER_MINUTE, 60_000, deps.now());
  if (!limit.allowed) {
    throw new ApiError(429, "too_many_requests", "Too many log requests from this address; try again later.", { "Retry-After": String(limit.retryAfterSeconds) });
  }
  const userAgent = input.userAgent?.slice(0, 300);
  for (const record of input.records) {
    const safe = redact(record) as LogRecord;
    const fields = { source: safe.source, clientTime: safe.time, page: safe.page, context: safe.context, ip: input.ip, userAgent };
    deps.clientLog[safe.level](fields, safe.message);
  }
  return { isSuccess: true, message: `${input.records.length} log records written.` };
}
