import "server-only";
import { roleMayCall, type CallDef } from "@/lib/contract/call";
import type { Deps } from "./deps";
import { forbidden, unauthorized } from "./errors";
import { findSession } from "./services/sign-in";

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

const TOKEN_SHAPE = /^[A-Za-z0-9_\-.~+/=]{10,200}$/;

const ROLE_REFUSALS = {
  grader: "Only graders and administrators may do this.",
  admin: "Only administrators may do this.",
} as const;

/**
 * The one check of session and role, for the API's routes (token from the Authorization header) and
 * for server pages (token from the session cookie) alike: each call's contract says who may make it.
 * No session is needed when every call is `anonymous`; otherwise the token must name a live session
 * (401) whose user's role reaches each call's (403 `role_required`).
 */
export async function authorize(deps: Deps, calls: CallDef | readonly CallDef[], token: string | undefined): Promise<SessionRow | undefined> {
  const list: readonly CallDef[] = Array.isArray(calls) ? calls : [calls as CallDef];
  if (list.every((call) => call.access === "anonymous")) return undefined;
  return authorizeSession(deps, list, token);
}

/** The session a token names, checked against the calls' roles; for callers that need a session whatever the call. */
export async function authorizeSession(deps: Deps, calls: readonly CallDef[], token: string | undefined): Promise<SessionRow> {
  if (!token || !TOKEN_SHAPE.test(token)) throw unauthorized("Sign in to continue: this call needs a session token.");
  const found = await findSession(deps, token);
  if (!found) throw unauthorized("Your session has ended. Please sign in again.");
  for (const call of calls) {
    if (call.access !== "anonymous" && !roleMayCall(found.user.role, call.access)) {
      throw forbidden(ROLE_REFUSALS[call.access as keyof typeof ROLE_REFUSALS], "role_required");
    }
  }
  return found;
}
