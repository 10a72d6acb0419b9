import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { ServerEnv } from "@/lib/env";
import { xapiStatements } from "../../db/schema";
import type { Deps } from "../../deps";

/** The xAPI version the statements follow and the LRS is asked to speak. */
export const XAPI_VERSION = "1.0.3";

/** The LRS the statements go to, or null when none is configured (XAPI_LRS_ENDPOINT unset). */
export function lrsSettings(env: ServerEnv): { statementsUrl: string; authorization: string | null } | null {
  if (!env.XAPI_LRS_ENDPOINT) return null;
  const credentials = env.XAPI_LRS_USERNAME !== undefined ? `${env.XAPI_LRS_USERNAME}:${env.XAPI_LRS_PASSWORD ?? ""}` : null;
  return {
    statementsUrl: `${env.XAPI_LRS_ENDPOINT.replace(/\/+$/, "")}/statements`,
    authorization: credentials === null ? null : `Basic ${Buffer.from(credentials, "utf8").toString("base64")}`,
  };
}

/** The most of an LRS's answer kept with a statement. */
const ANSWER_CHARS = 2000;

/** Statements queued for sending by one sweep. */
const SWEEP_BATCH = 1000;

/** An answer worth trying again later: the LRS is down, busy or asks for time (5xx, 408, 429). */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Sends one statement to the LRS (the job "xapi-statement"), with a PUT to {endpoint}/statements
 * naming its id: an LRS that already holds it (a try whose answer was lost) answers 204 or 409 and
 * keeps one. Stored: the statement is `sent`. Refused with a 4xx: it is kept as `failed` with the
 * LRS's answer and not tried again. Down, 5xx, 408 or 429: the answer is noted and the job fails, so
 * the engine tries again later with a growing wait. A statement already sent or failed is left alone.
 */
export async function deliverXapiStatement(deps: Deps, statementId: string): Promise<void> {
  const lrs = lrsSettings(deps.env);
  if (!lrs) return;
  const [row] = await deps.db
    .select({ statement: xapiStatements.statement, state: xapiStatements.state })
    .from(xapiStatements)
    .where(eq(xapiStatements.id, statementId));
  if (!row || row.state !== "pending") return;

  const note = (state: "pending" | "sent" | "failed", answer: { status: number | null; body: string } | null) =>
    deps.db
      .update(xapiStatements)
      .set({ state, tries: sql`${xapiStatements.tries} + 1`, lastAnswer: answer, ...(state === "sent" ? { sentAt: deps.now() } : {}) })
      .where(and(eq(xapiStatements.id, statementId), eq(xapiStatements.state, "pending")));

  let response: Response;
  try {
    response = await fetch(`${lrs.statementsUrl}?statementId=${encodeURIComponent(statementId)}`, {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        "x-experience-api-version": XAPI_VERSION,
        ...(lrs.authorization ? { authorization: lrs.authorization } : {}),
      },
      body: JSON.stringify(row.statement),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    const reason = err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err);
    await note("pending", { status: null, body: reason });
    throw new Error(`The LRS could not be reached (${reason}); the statement is sent again later.`);
  }
  const body = (await response.text().catch(() => "")).slice(0, ANSWER_CHARS);
  if (response.ok || response.status === 409) return void (await note("sent", response.ok ? null : { status: response.status, body }));
  if (!isTransient(response.status)) return void (await note("failed", { status: response.status, body }));
  await note("pending", { status: response.status, body });
  throw Object.assign(new Error(`The LRS answered ${response.status}${body ? `: ${body.slice(0, 300)}` : ""}; the statement is sent again later.`), { code: response.status });
}

/**
 * Queues a send for every statement still waiting (the job "xapi-sweep", every minute): those of
 * events just committed, and those recorded before an LRS was configured. Each statement's job is
 * keyed by its id, so one already queued or retrying is not queued twice.
 */
export async function queuePendingStatements(deps: Deps): Promise<number> {
  if (!lrsSettings(deps.env)) return 0;
  const pending = await deps.db
    .select({ id: xapiStatements.id })
    .from(xapiStatements)
    .where(eq(xapiStatements.state, "pending"))
    .orderBy(asc(xapiStatements.createdAt))
    .limit(SWEEP_BATCH);
  await deps.jobs.sendMany(
    "xapi-statement",
    pending.map((p) => ({ key: p.id, data: { statementId: p.id } })),
  );
  return pending.length;
}
