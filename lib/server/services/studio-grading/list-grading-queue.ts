import "server-only";
import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import { essayAttempts, essayEvaluations } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { badRequest } from "../../errors";
import { evaluated, isSubmitted, liveClaim, noLiveClaim, notEvaluated, submissionsFrom } from "../grading";
import { queueRow } from "./queue-row";
import { refuseNonAdmin } from "./refuse-non-admin";

export interface GradingQueueQuery {
  courseId?: string;
  state?: "unassigned" | "claimed" | "graded";
  graderId?: string;
  limit: number;
  cursor?: string;
}

// The cursor holds the last row's submission time to the microsecond and its id.
const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id]), "utf8").toString("base64url");
function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === "string") && /^[0-9a-f-]{36}$/.test(value[1] as string) && !Number.isNaN(Date.parse(value[0] as string))) {
      return value as [string, string];
    }
  } catch {
    // Falls through to the refusal.
  }
  throw badRequest("cursor: not a cursor this list gave (ask for the first page again)");
}

/**
 * GET /studio/grading/queue: submitted essays, the longest waiting first (by submission time, then
 * id), keyset-paged on that order: one row more than the page says whether more follow, and nothing is
 * counted. The state and grader filters read the claim as the graders' list does: a live claim (a
 * grader's own, until it ends, or an administrator's assignment, for good) makes it claimed.
 */
export async function listGradingQueue(deps: Deps, user: User, query: GradingQueueQuery) {
  refuseNonAdmin(user);
  const now = deps.now();
  const where: (SQL | undefined)[] = [isSubmitted];
  if (query.courseId) where.push(eq(essayAttempts.courseId, query.courseId));
  if (query.state === "graded") where.push(evaluated);
  if (query.state === "claimed") where.push(and(notEvaluated, liveClaim(now)));
  if (query.state === "unassigned") where.push(and(notEvaluated, noLiveClaim(now)));
  if (query.graderId) {
    where.push(or(eq(essayEvaluations.graderId, query.graderId), and(notEvaluated, eq(essayAttempts.claimedBy, query.graderId), liveClaim(now))));
  }
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor);
    where.push(sql`(${essayAttempts.submittedAt}, ${essayAttempts.id}) > (${at}::timestamptz, ${id}::uuid)`);
  }
  const rows = await submissionsFrom(deps.db)
    .where(and(...where))
    .orderBy(asc(essayAttempts.submittedAt), asc(essayAttempts.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    submissions: page.map((r) => queueRow(r, now)),
    hasMore,
    nextCursor: hasMore && last?.submittedAtExact ? encodeCursor(last.submittedAtExact, last.id) : null,
  };
}
