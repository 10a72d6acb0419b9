import "server-only";
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { z } from "zod";
import type { ErrorBody } from "@/lib/contract/common";
import type { ErrorCode } from "@/lib/contract/error-codes";
import { ApiError, type ErrorStatus } from "../errors";

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

export function errorBody(status: number, message: string, code?: ErrorCode, details?: unknown): ErrorBody {
  return { error: statusNames[status] ?? "Error", message, statusCode: status, ...(code ? { code } : {}), ...(details === undefined ? {} : { details }) };
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
  const answer = errorAnswer(err, { method: c.req.method, path: c.req.path });
  for (const [k, v] of Object.entries(answer.headers)) c.header(k, v);
  return c.json(answer.body, answer.status);
}

/** The status, body and headers an error is answered with, for a call's route and a server page's call alike. */
export function errorAnswer(err: unknown, request: { method: string; path: string }): { status: ErrorStatus; body: ErrorBody; headers: Record<string, string> } {
  if (err instanceof ApiError) return { status: err.status, body: errorBody(err.status, err.message, err.code, err.details), headers: err.headers };
  if (isDatabaseUnavailable(err)) {
    return { status: 503, body: errorBody(503, "The service is briefly unavailable. Please try again.", "unavailable"), headers: { "Retry-After": "1" } };
  }
  const errorId = randomUUID();
  console.error(
    JSON.stringify({
      level: "error",
      msg: "unhandled API error",
      errorId,
      method: request.method,
      path: request.path,
      err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err),
    }),
  );
  return { status: 500, body: errorBody(500, `Something went wrong on our side (error id ${errorId}).`), headers: {} };
}

function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    // Connection refused/reset, and PostgreSQL's admin-shutdown and connection-failure classes.
    if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08006"].includes(e.code ?? "")) return true;
    if (/Connection terminated|connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(e.message ?? "")) return true;
  }
  return false;
}
