import "server-only";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { EssayAttachment } from "@/lib/contract/entities/shared";
import type { SubmissionAssignment } from "@/lib/contract/entities/grading";
import type { Db } from "../../db/client";
import { courses, essayAttempts, essayBlocks, essayCriteria, essayEvaluations, essayUploads, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError, forbidden, notFound } from "../../errors";
import { isUuid, type User } from "../../domain/course-access";

/**
 * A submission is an essay attempt that has left onProgress: submitted by the learner (manual), by the
 * server at the deadline (timeOut), or brought over from another system. Graders see only these.
 */
/** The database, or a transaction on it. */
export type Reader = Pick<Db, "select">;

export const isSubmitted = ne(essayAttempts.status, "onProgress");

/**
 * A claim counts while its end is still ahead on the server's clock, or for good when an
 * administrator assigned it (claimAssignedAt): that one lasts until it is reassigned or the essay graded.
 */
export const liveClaim = (now: Date) =>
  and(isNotNull(essayAttempts.claimedBy), or(isNotNull(essayAttempts.claimAssignedAt), gt(essayAttempts.claimExpiresAt, now)));

/** No live claim: never claimed, or a grader's own claim that has run out. */
export const noLiveClaim = (now: Date) =>
  or(
    isNull(essayAttempts.claimedBy),
    and(isNull(essayAttempts.claimAssignedAt), or(isNull(essayAttempts.claimExpiresAt), lte(essayAttempts.claimExpiresAt, now))),
  );

/**
 * The graders' filter, as SQL over essay_attempts left-joined with essay_evaluations. The first three
 * never overlap and together make `all`: completed once evaluated; else pending while a grader holds a
 * live claim; else unassigned (never claimed, or the claim has run out).
 */
export function assignmentCondition(assignment: SubmissionAssignment | "all", now: Date): SQL | undefined {
  if (assignment === "completed") return evaluated;
  if (assignment === "pending") return and(notEvaluated, liveClaim(now));
  if (assignment === "unassigned") {
    return and(notEvaluated, noLiveClaim(now));
  }
  return undefined;
}

/**
 * Whether the left-joined evaluation exists, tested on its join column: PostgreSQL then reads "no
 * evaluation" as an anti-join and walks the submissions in order, probing the evaluations' unique
 * index (tested on its id, the planner took it for one row in thousands and sorted them all: 400 ms
 * at 74,000 essays, against 6 ms).
 */
export const evaluated = isNotNull(essayEvaluations.attemptId);
export const notEvaluated = isNull(essayEvaluations.attemptId);

export function assignmentOf(row: { evaluationId: string | null } & ClaimState, now: Date): SubmissionAssignment {
  if (row.evaluationId) return "completed";
  return hasLiveClaim(row, now) ? "pending" : "unassigned";
}

/** The claim columns of an attempt. */
export interface ClaimState {
  claimedBy: string | null;
  claimExpiresAt: Date | null;
  claimAssignedAt: Date | null;
}

export const hasLiveClaim = (row: ClaimState, now: Date) =>
  !!row.claimedBy && (!!row.claimAssignedAt || (!!row.claimExpiresAt && row.claimExpiresAt.getTime() > now.getTime()));

export const learner = alias(users, "learner");
export const grader = alias(users, "grader");
export const holder = alias(users, "holder");

/** The columns of one submission row: the attempt, its learner, course, essay, evaluation, and who holds a claim. */
export const submissionColumns = {
  id: essayAttempts.id,
  status: essayAttempts.status,
  userId: essayAttempts.userId,
  name: learner.name,
  email: learner.email,
  courseId: essayAttempts.courseId,
  courseName: courses.name,
  essayBlockId: essayAttempts.blockId,
  title: essayBlocks.title,
  question: essayBlocks.question,
  description: essayBlocks.description,
  referenceDocument: essayBlocks.referenceDocument,
  solutionDocument: essayBlocks.solutionDocument,
  answer: essayAttempts.answer,
  attachmentIds: essayAttempts.attachmentIds,
  submittedAt: essayAttempts.submittedAt,
  // To the microsecond, as PostgreSQL keeps it: a keyset cursor on it must not round.
  submittedAtExact: sql<string | null>`to_char(${essayAttempts.submittedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  submissionSource: essayAttempts.submissionSource,
  claimedBy: essayAttempts.claimedBy,
  claimExpiresAt: essayAttempts.claimExpiresAt,
  claimAssignedAt: essayAttempts.claimAssignedAt,
  holderName: holder.name,
  evaluationId: essayEvaluations.id,
  graderId: essayEvaluations.graderId,
  graderName: grader.name,
  graderEmail: grader.email,
  marks: essayEvaluations.marks,
  obtainedScore: essayEvaluations.obtainedScore,
  comment: essayEvaluations.comment,
  evaluatedAt: essayEvaluations.createdAt,
  evaluationUpdatedAt: essayEvaluations.updatedAt,
  totalScore: sql<number>`(select coalesce(sum(${essayCriteria.marks}), 0)::int from ${essayCriteria} where ${essayCriteria.blockId} = ${essayAttempts.blockId})`,
};

/** essay_attempts with everything a submission row shows; add a where, an order and a page. */
export const submissionsFrom = (db: Reader) =>
  db
    .select(submissionColumns)
    .from(essayAttempts)
    .innerJoin(learner, eq(learner.id, essayAttempts.userId))
    .innerJoin(courses, eq(courses.id, essayAttempts.courseId))
    .innerJoin(essayBlocks, eq(essayBlocks.id, essayAttempts.blockId))
    .leftJoin(essayEvaluations, eq(essayEvaluations.attemptId, essayAttempts.id))
    .leftJoin(grader, eq(grader.id, essayEvaluations.graderId))
    .leftJoin(holder, eq(holder.id, essayAttempts.claimedBy));

export type SubmissionRow = Awaited<ReturnType<typeof submissionsFrom>>[number];

const NOT_FOUND = "This submission does not exist, or the essay has not been submitted yet.";

/**
 * One submission by its id; 404 when there is none or the attempt still runs. One query. Inside a
 * transaction, `lock` holds the attempt's row until it ends.
 */
export async function loadSubmission(db: Reader, submissionId: string, lock = false): Promise<SubmissionRow> {
  if (!isUuid(submissionId)) throw notFound(NOT_FOUND, "submission_not_found");
  const query = submissionsFrom(db).where(and(eq(essayAttempts.id, submissionId), isSubmitted)).limit(1);
  const [row] = lock ? await query.for("update", { of: essayAttempts }) : await query;
  if (!row) throw notFound(NOT_FOUND, "submission_not_found");
  return row;
}

/** How long a claim lasts: GRADING_CLAIM_MINUTES, 30 minutes unless configured. */
export const claimMinutes = (deps: Deps) => deps.env.GRADING_CLAIM_MINUTES ?? 30;

/** A time in a refusal's message: the server cannot know the reader's zone, so UTC, to the minute. */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Graders never grade their own essays. */
export function refuseOwnSubmission(user: User, row: { userId: string }) {
  if (row.userId === user.id) throw forbidden("You cannot claim or grade your own essay: another grader has to.", "own_submission");
}

/** Once evaluated, only the grader who evaluated it may change it. */
export function refuseEvaluatedByOther(user: User, row: { graderId: string | null; graderName: string | null; evaluatedAt: Date | null }) {
  if (row.graderId && row.graderId !== user.id) {
    const when = row.evaluatedAt ? ` on ${utcMinute(row.evaluatedAt)}` : "";
    throw new ApiError(409, "evaluated_by_other", `${row.graderName ?? "Another grader"} evaluated this submission${when}: only they can correct it.`, {}, {
      ...(row.graderName ? { grader: row.graderName } : {}),
      ...(row.evaluatedAt ? { evaluatedAt: row.evaluatedAt.toISOString() } : {}),
    });
  }
}

/** While another grader's claim is live, nobody else may claim it or save marks. */
export function claimedByOther(holderName: string | null, until: Date | null): ApiError {
  const holder = holderName ? { holder: holderName } : {};
  if (!until) {
    return new ApiError(409, "claimed_by_other", `An administrator assigned this submission to ${holderName ?? "another grader"}: only they can grade it unless it is reassigned.`, {}, {
      reason: "assigned",
      ...holder,
    });
  }
  return new ApiError(409, "claimed_by_other", `${holderName ?? "Another grader"} is grading this submission until ${utcMinute(until)}. You can take it over once their claim ends.`, {}, {
    reason: "claimed",
    ...holder,
    until: until.toISOString(),
  });
}

/** The files attached to submissions, by upload id. One query for any number of ids. */
export async function loadAttachments(db: Db, ids: string[]): Promise<Map<string, EssayAttachment>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: essayUploads.id, storagePath: essayUploads.storagePath, originalName: essayUploads.originalName, contentType: essayUploads.contentType, sizeBytes: essayUploads.sizeBytes })
    .from(essayUploads)
    .where(inArray(essayUploads.id, wanted));
  return new Map(
    rows.map((r) => [r.id, { url: storedFileUrl(r.storagePath), fileName: r.originalName, sizeBytes: r.sizeBytes, contentType: r.contentType }]),
  );
}

/** The address an uploaded file is served at by GET /api/files/*, each segment encoded. */
const storedFileUrl = (storagePath: string) => `/api/files/${storagePath.split("/").map(encodeURIComponent).join("/")}`;

/** The attachments of one submission, in the order the learner attached them; ids whose upload is gone are left out. */
export const attachmentsOf = (row: { attachmentIds: string[] }, found: Map<string, EssayAttachment>) =>
  row.attachmentIds.flatMap((id) => {
    const file = found.get(id);
    return file ? [file] : [];
  });

/** The criteria of an essay in their order. One query. */
export const loadCriteria = (db: Reader, blockId: string) =>
  db
    .select({ id: essayCriteria.id, gradingCriteria: essayCriteria.gradingCriteria, description: essayCriteria.description, marks: essayCriteria.marks, order: essayCriteria.position })
    .from(essayCriteria)
    .where(eq(essayCriteria.blockId, blockId))
    .orderBy(asc(essayCriteria.position), asc(essayCriteria.id));

/** The live claim's holder, for the answers; nulls when nobody holds one. An assigned claim has no end. */
export const claimView = (row: ClaimState & { holderName: string | null }, now: Date) =>
  hasLiveClaim(row, now)
    ? {
        claimedById: row.claimedBy,
        claimedByName: row.holderName,
        claimExpiresAt: row.claimAssignedAt ? null : row.claimExpiresAt!.toISOString(),
        claimAssignedAt: row.claimAssignedAt?.toISOString() ?? null,
      }
    : { claimedById: null, claimedByName: null, claimExpiresAt: null, claimAssignedAt: null };
