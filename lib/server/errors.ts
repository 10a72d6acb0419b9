import "server-only";

/** HTTP statuses the API answers with when it refuses. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 500 | 503;

/**
 * A refusal a person can act on: the HTTP status, a machine-readable code that stays stable when the
 * wording changes, and the message shown to the user. Services and routes throw it alike; the API's
 * error handler turns it into `{error, message, statusCode, code}`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = "bad_request") => new ApiError(400, code, message);
export const unauthorized = (message = "Sign in to continue.", code = "unauthorized") => new ApiError(401, code, message);
export const forbidden = (message = "You do not have access to this.", code = "forbidden") => new ApiError(403, code, message);
export const notFound = (message = "Not found", code = "not_found") => new ApiError(404, code, message);
export const conflict = (message: string, code = "conflict") => new ApiError(409, code, message);
