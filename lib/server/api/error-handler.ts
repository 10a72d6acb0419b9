import "server-only";
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { z } from "zod";
import type { ErrorBody } from "@/lib/contract/common";
import type { ErrorCode } from "@/lib/contract/error-codes";
import { ApiError } from "../errors";

const statusNames: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  423: "Locked",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function errorBody(status: number, message: string, code?: ErrorCode): ErrorBody {
  return { error: statusNames[status] ?? "Error", message, statusCode: status, ...(code ? { code } : {}) };
}

/** Turns a zod error into one sentence that names each bad field. */
export function describeZodError(error: z.ZodError, where: "body" | "query"): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.path.length ? issue.path.join(".") : where;
      return issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
    })
    .join("; ");
}

/** The API's one error handler: known errors keep their status; anything else is a logged 500 without details. */
export function handleError(err: unknown, c: Context) {
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json(errorBody(err.status, err.message, err.code), err.status);
  }
  if (isDatabaseUnavailable(err)) {
    c.header("Retry-After", "1");
    return c.json(errorBody(503, "The service is briefly unavailable. Please try again.", "unavailable"), 503);
  }
  const errorId = randomUUID();
  console.error(
    JSON.stringify({
      level: "error",
      msg: "unhandled API error",
      errorId,
      method: c.req.method,
      path: c.req.path,
      err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err),
    }),
  );
  return c.json(errorBody(500, `Something went wrong on our side (error id ${errorId}).`), 500);
}

function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    // Connection refused/reset, and PostgreSQL's admin-shutdown and connection-failure classes.
    if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08006"].includes(e.code ?? "")) return true;
    if (/Connection terminated|connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(e.message ?? "")) return true;
  }
  return false;
}
