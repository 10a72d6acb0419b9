import type { ErrorCode } from "@/lib/contract/error-codes";
import { HttpError } from "./client";

/** The spec's rule: the body's message, else 'An error occurred'; a 404 without a message is 'Not found'. */
export function failedRequestMessage(status: number | undefined, body: unknown): string {
  const message = typeof body === "object" && body !== null ? (body as { message?: unknown }).message : undefined;
  if (typeof message === "string" && message.trim()) return message;
  if (status === 404) return "Not found";
  return "An error occurred";
}

export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (!error.response) return "Could not reach the server. Check your connection and try again.";
    return failedRequestMessage(error.response.status, error.response.data);
  }
  return error instanceof Error && error.message ? error.message : "An error occurred";
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof HttpError ? error.response?.status : undefined;
}

/** The API's machine-readable reason for a failed request (lib/contract/error-codes.ts), if it gave one. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return error instanceof HttpError ? error.code : undefined;
}

/** The details a failed request's body carries for the codes that have them (a stale studio save's current revision and changes since). */
export function errorDetails(error: unknown): unknown {
  if (!(error instanceof HttpError)) return undefined;
  const body = error.response?.data;
  return typeof body === "object" && body !== null ? (body as { details?: unknown }).details : undefined;
}
