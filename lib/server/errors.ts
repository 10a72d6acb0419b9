import "server-only";
import type { ErrorCode, ErrorCodeAt, ErrorStatus } from "@/lib/contract/error-codes";

export type { ErrorCode, ErrorStatus };

/**
 * A refusal a person can act on: the HTTP status, a machine-readable code that stays stable when the
 * wording changes, and the message shown to the user. Services and routes throw it alike; the API's
 * error handler turns it into `{error, message, statusCode, code}`. The code is one of the contract's
 * (lib/contract/error-codes.ts) answered with that status, and the call it is thrown under lists it.
 */
export class ApiError<S extends ErrorStatus = ErrorStatus> extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly status: S,
    code: ErrorCodeAt<S>,
    message: string,
    readonly headers: Record<string, string> = {},
    /** What the client needs to act on the refusal beyond the message (e.g. the current state after a stale save). */
    readonly details?: unknown,
  ) {
    super(message);
    this.code = code;
  }
}

export const badRequest = (message: string, code: ErrorCodeAt<400> = "bad_request") => new ApiError(400, code, message);
export const unauthorized = (message = "Sign in to continue.", code: ErrorCodeAt<401> = "unauthorized") => new ApiError(401, code, message);
export const forbidden = (message = "You do not have access to this.", code: ErrorCodeAt<403> = "forbidden") => new ApiError(403, code, message);
export const notFound = (message = "Not found", code: ErrorCodeAt<404> = "not_found") => new ApiError(404, code, message);
export const conflict = (message: string, code: ErrorCodeAt<409> = "conflict") => new ApiError(409, code, message);
