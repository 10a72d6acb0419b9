import "server-only";
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SubmissionAssignment, SubmissionListItem } from "@/lib/contract/entities/grading";
import { essayAttempts, essayEvaluations } from "../../db/schema";
import type { Deps } from "../../deps";
import { isUuid, type User } from "../../domain/course-access";
import { assignmentCondition, assignmentOf, attachmentsOf, claimView, isSubmitted, learner, loadAttachments, submissionsFrom } from "./submission-records";

export interface SubmissionListQuery {
  pageNumber: number;
  pageSize: number;
  courseIds?: string[];
  userIds?: string[];
  accountIds?: string[];
  assignment: SubmissionAssignment | "all";
}

/**
 * GET /course/course/submission: submitted essays, newest first, a page at a time, filtered by course,
 * learner, the learner's customer account and assignment (see assignmentCondition). Every grader sees
 * every submission: grading is shared work, and the claim decides who marks which. Three queries
 * whatever the page size.
 */
export async function listSubmissions(deps: Deps, _user: User, query: SubmissionListQuery) {
  const now = deps.now();
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

  const [{ total } = { total: 0 }] = await deps.db
    .select({ total: count() })
    .from(essayAttempts)
    .innerJoin(learner, eq(learner.id, essayAttempts.userId))
    .leftJoin(essayEvaluations, eq(essayEvaluations.attemptId, essayAttempts.id))
    .where(where);
  const rows = await submissionsFrom(deps.db)
    .where(where)
    .orderBy(desc(essayAttempts.submittedAt), desc(essayAttempts.id))
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  const files = await loadAttachments(deps.db, rows.flatMap((r) => r.attachmentIds));

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
    totalItems: Number(total),
    totalPages: Math.ceil(Number(total) / query.pageSize),
    results,
  };
}
