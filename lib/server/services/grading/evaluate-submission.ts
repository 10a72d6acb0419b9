import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { SubmissionDetails } from "@/lib/contract/entities/grading";
import { essayAttempts, essayEvaluationKeys, essayEvaluations, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError, badRequest } from "../../errors";
import type { User } from "../../domain/user";
import { awardAfterAction } from "../achievements";
import { issueAfterCompletion } from "../certificates";
import { recordLearningEvent } from "../xapi";
import { getSubmissionDetails } from "./get-submission-details";
import { claimedByOther, hasLiveClaim, loadCriteria, loadSubmission, refuseEvaluatedByOther, refuseOwnSubmission } from "./submission-records";

export interface EvaluationInput {
  submissionId: string;
  criteria: { criterionId: string; givenMarks: number; comment?: string | null }[];
  comment?: string | null;
  idempotencyKey?: string;
}

type Criterion = Awaited<ReturnType<typeof loadCriteria>>[number];

/**
 * POST /course/course/submission/evaluate: saves the grader's marks for every criterion and the
 * overall comment, scores the attempt and moves it to resultsReceived, and releases the claim. The
 * grader who evaluated a submission may save again to correct it: the one evaluation is updated in
 * place (updatedAt moves, evaluatedAt stays). The learner is e-mailed the marks (unless they turned
 * that off). A resend with an idempotency key already applied is
 * answered with the submission as it is now and changes nothing, so a late duplicate never undoes a
 * correction. Refused, changing nothing: the grader's own essay, another grader's live claim or
 * evaluation, and marks that leave out, repeat or invent a criterion or exceed its maximum.
 */
export async function evaluateSubmission(deps: Deps, user: User, input: EvaluationInput): Promise<SubmissionDetails> {
  const now = deps.now();
  let learnerId: string | null = null;
  await deps.db.transaction(async (tx) => {
    // The row lock makes a claim, or another grader's save, wait for this one to finish.
    const row = await loadSubmission(tx, input.submissionId, true);
    refuseOwnSubmission(user, row);
    if (input.idempotencyKey) {
      const [seen] = await tx
        .select({ key: essayEvaluationKeys.idempotencyKey })
        .from(essayEvaluationKeys)
        .where(and(eq(essayEvaluationKeys.attemptId, row.id), eq(essayEvaluationKeys.graderId, user.id), eq(essayEvaluationKeys.idempotencyKey, input.idempotencyKey)));
      if (seen) return;
    }
    refuseEvaluatedByOther(user, row);
    learnerId = row.userId;
    if (row.claimedBy !== user.id && hasLiveClaim(row, now)) throw claimedByOther(row.holderName, row.claimAssignedAt ? null : row.claimExpiresAt);

    const criteria = await loadCriteria(tx, row.essayBlockId);
    const marks = checkMarks(criteria, input.criteria);
    const obtainedScore = Object.values(marks).reduce((sum, m) => sum + m.givenMarks, 0);
    const totalScore = criteria.reduce((sum, c) => sum + c.marks, 0);
    const comment = input.comment?.trim() ? input.comment : null;

    await tx
      .insert(essayEvaluations)
      .values({ attemptId: row.id, graderId: user.id, marks, obtainedScore, totalScore, comment, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: essayEvaluations.attemptId,
        set: { marks: sql`excluded.marks`, obtainedScore, totalScore, comment, updatedAt: now },
      });
    await tx
      .update(essayAttempts)
      .set({ status: "resultsReceived", claimedBy: null, claimExpiresAt: null, claimAssignedAt: null })
      .where(eq(essayAttempts.id, row.id));
    // Each saved grade, a correction included, is one xAPI statement with its score.
    await recordLearningEvent(tx, deps.siteUrl, { kind: "essay-graded", attemptId: row.id, at: now });
    if (input.idempotencyKey) {
      await tx.insert(essayEvaluationKeys).values({ attemptId: row.id, graderId: user.id, idempotencyKey: input.idempotencyKey }).onConflictDoNothing();
    }
  });
  // A passing grade may be the last thing the learner's course needed: the certificate is issued, and
  // the badges it earned awarded, now rather than on the learner's next visit. A failure here is
  // logged by those helpers and never fails the grade, which is saved.
  if (learnerId) {
    const [learner] = await deps.db.select().from(users).where(eq(users.id, learnerId));
    if (learner) await awardAfterAction(deps, learner, { enrolled: await issueAfterCompletion(deps, learner) });
  }
  // The learner is e-mailed their marks once per essay: a grader's later correction shows on the page.
  await deps.jobs.send("mail", `essay-graded:${input.submissionId}`, { template: "essay-graded", attemptId: input.submissionId });
  return getSubmissionDetails(deps, user, { submissionId: input.submissionId });
}

/**
 * Marks for every criterion of the essay exactly once, each within 0..its marks; a 400 names the
 * criterion at fault (by its name when it is one of the essay's).
 */
function checkMarks(criteria: Criterion[], given: EvaluationInput["criteria"]) {
  const byId = new Map(criteria.map((c) => [c.id, c]));
  const out: Record<string, { givenMarks: number; comment: string | null }> = {};
  for (const [index, entry] of given.entries()) {
    const criterion = byId.get(entry.criterionId);
    if (!criterion) {
      throw badRequest(`criteria.${index}.criterionId: "${entry.criterionId}" is not a criterion of this essay.`, "unknown_criterion");
    }
    if (out[criterion.id]) throw badRequest(`"${criterion.gradingCriteria}" is marked more than once: give each criterion one mark.`, "duplicate_criterion");
    if (entry.givenMarks > criterion.marks) {
      throw new ApiError(400, "marks_out_of_range", `"${criterion.gradingCriteria}" is marked out of ${criterion.marks}: ${entry.givenMarks} is more than that.`, {}, {
        criterion: criterion.gradingCriteria,
        outOf: criterion.marks,
        given: entry.givenMarks,
      });
    }
    out[criterion.id] = { givenMarks: entry.givenMarks, comment: entry.comment?.trim() ? entry.comment : null };
  }
  const missing = criteria.filter((c) => !out[c.id]);
  if (missing.length) {
    const names = missing.map((c) => `"${c.gradingCriteria}"`).join(", ");
    throw new ApiError(400, "missing_criterion", `Give marks for every criterion: ${names} ${missing.length === 1 ? "has" : "have"} none.`, {}, { criteria: names, count: missing.length });
  }
  return out;
}
