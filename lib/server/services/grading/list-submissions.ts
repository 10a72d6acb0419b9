import "server-only";
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SubmissionAssignment, SubmissionListItem } from "@/lib/contract/entities/grading";
import { essayAttempts, essayEvaluations } from "../../db/schema";
import type { Deps } from "../../deps";
import { isUuid, type User } from "../../domain/course-access";
import { badRequest } from "../../errors";
import { assignmentCondition, assignmentOf, attachmentsOf, claimView, isSubmitted, learner, loadAttachments, submissionsFrom } from "./submission-records";

export interface SubmissionListQuery {
  pageNumber: number;
  pageSize: number;
  cursor?: string;
  courseIds?: string[];
  userIds?: string[];
  accountIds?: string[];
  assignment: SubmissionAssignment | "all";
}

/** Matches are counted up to this many; past it the answer says the count is not exact. */
export const COUNT_CAP = 1000;

/** Where a page starts: after the last row of the previous one, and the first page's count, carried along. */
interface Cursor {
  at: string;
  id: string;
  total: number;
  exact: boolean;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id, c.total, c.exact ? 1 : 0]), "utf8").toString("base64url");

function decodeCursor(cursor: string): Cursor {
  try {
    const v = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (
      Array.isArray(v) &&
      v.length === 4 &&
      typeof v[0] === "string" &&
      !Number.isNaN(Date.parse(v[0])) &&
      typeof v[1] === "string" &&
      isUuid(v[1]) &&
      Number.isInteger(v[2]) &&
      (v[3] === 0 || v[3] === 1)
    ) {
      return { at: v[0], id: v[1], total: v[2] as number, exact: v[3] === 1 };
    }
  } catch {
    // Falls through to the refusal.
  }
  throw badRequest("cursor: not a cursor this list gave (ask for the first page again)");
}

/**
 * GET /course/course/submission: submitted essays, newest first (by submission time, then id), filtered
 * by course, learner, the learner's customer account and assignment (see assignmentCondition). Every
 * grader sees every submission: grading is shared work, and the claim decides who marks which.
 *
 * Pages are reached by key: a cursor holds the last row's submission time (to the microsecond) and
 * id, and the next page starts right after it, so a new submission (always newer) never shifts the
 * pages already being read, and a deep page costs what the first does. One row more than the page
 * says whether more follow. The total is counted only without a cursor, and only up to COUNT_CAP
 * matches (a bounded count reads at most that many index entries); the cursor carries it along.
 * A first page: the bounded count and the page together, then the attachments: three statements; a
 * cursor page: two.
 */
export async function listSubmissions(deps: Deps, _user: User, query: SubmissionListQuery) {
  const now = deps.now();
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const conditions: (SQL | undefined)[] = [isSubmitted, assignmentCondition(query.assignment, now)];
  // An id that is not a UUID names no row: a filter of only such ids matches nothing.
  const idFilter = (ids: string[] | undefined, column: Parameters<typeof inArray>[0]) => {
    if (!ids?.length) return;
    const valid = ids.filter(isUuid);
    conditions.push(valid.length ? inArray(column, valid) : sql`false`);
  };
  idFilter(query.courseIds, essayAttempts.courseId);
  idFilter(query.userIds, essayAttempts.userId);
  idFilter(query.accountIds, learner.companyId);
  const where = and(...conditions);
  const byKey = cursor ? sql`(${essayAttempts.submittedAt}, ${essayAttempts.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;

  const counted = async () => {
    if (cursor) return { total: cursor.total, exact: cursor.exact };
    // Only the joins the filters need: the learner for the account, the evaluation for the assignment.
    let matches = deps.db.select({ one: sql`1` }).from(essayAttempts).$dynamic();
    if (query.accountIds?.length) matches = matches.innerJoin(learner, eq(learner.id, essayAttempts.userId));
    if (query.assignment !== "all") matches = matches.leftJoin(essayEvaluations, eq(essayEvaluations.attemptId, essayAttempts.id));
    const bounded = matches.where(where).limit(COUNT_CAP + 1).as("matches");
    const [row] = await deps.db.select({ n: count() }).from(bounded);
    const n = Number(row?.n ?? 0);
    return { total: Math.min(n, COUNT_CAP), exact: n <= COUNT_CAP };
  };
  const page = submissionsFrom(deps.db)
    .where(and(where, byKey))
    .orderBy(desc(essayAttempts.submittedAt), desc(essayAttempts.id))
    .limit(query.pageSize + 1);
  const [{ total, exact }, fetched] = await Promise.all([counted(), cursor ? page : page.offset((query.pageNumber - 1) * query.pageSize)]);
  const hasMore = fetched.length > query.pageSize;
  const rows = fetched.slice(0, query.pageSize);
  const files = await loadAttachments(deps.db, rows.flatMap((r) => r.attachmentIds));
  const last = rows.at(-1);

  const results: SubmissionListItem[] = rows.map((r) => ({
    submissionId: r.id,
    name: r.name,
    userId: r.userId,
    email: r.email,
    courseId: r.courseId,
    courseName: r.courseName,
    essayBlockId: r.essayBlockId,
    question: r.question,
    isEvaluated: r.evaluationId !== null,
    assignment: assignmentOf(r, now),
    submissionFileUrl: attachmentsOf(r, files).map((f) => f.url),
    submissionSource: r.submissionSource ?? "manual",
    submittedAt: (r.submittedAt ?? now).toISOString(),
    graderName: r.graderName ?? claimView(r, now).claimedByName,
    ...claimView(r, now),
    obtainedScore: r.obtainedScore,
    totalScore: r.totalScore,
  }));
  return {
    currentPageNumber: query.pageNumber,
    currentPageSize: query.pageSize,
    totalItems: total,
    totalPages: Math.ceil(total / query.pageSize),
    totalIsExact: exact,
    hasMore,
    nextCursor: hasMore && last?.submittedAtExact ? encodeCursor({ at: last.submittedAtExact, id: last.id, total, exact }) : null,
    results,
  };
}
