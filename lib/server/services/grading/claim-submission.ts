import "server-only";
import { and, eq, ne, notExists, or, sql } from "drizzle-orm";
import type { SubmissionDetails } from "@/lib/contract/entities/grading";
import { essayAttempts, essayEvaluations } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { submissionDetailsView } from "./get-submission-details";
import { claimedByOther, claimMinutes, isSubmitted, loadSubmission, noLiveClaim, refuseEvaluatedByOther, refuseOwnSubmission } from "./submission-records";

/**
 * POST /course/course/submission/claim: the grader takes the submission for claimMinutes from now;
 * while the claim is live nobody else may claim it or save marks. The holder claiming again extends
 * it (a claim an administrator assigned has no end and keeps none); an expired claim is taken over by
 * whoever claims next. Refused: the grader's own essay (403
 * own_submission), another grader's live claim (409 claimed_by_other, naming them and the end), an
 * essay another grader has evaluated (409 evaluated_by_other).
 */
export async function claimSubmission(deps: Deps, user: User, body: { submissionId: string }): Promise<SubmissionDetails> {
  const now = deps.now();
  const row = await loadSubmission(deps.db, body.submissionId);
  refuseOwnSubmission(user, row);
  refuseEvaluatedByOther(user, row);
  const until = new Date(now.getTime() + claimMinutes(deps) * 60_000);
  // One statement decides between two graders claiming at once: only a row free, expired or already ours is taken.
  const taken = await deps.db
    .update(essayAttempts)
    // A claim an administrator assigned to this grader stays without an end.
    .set({ claimedBy: user.id, claimExpiresAt: sql`case when ${essayAttempts.claimAssignedAt} is null then ${until}::timestamptz end` })
    .where(
      and(
        eq(essayAttempts.id, row.id),
        isSubmitted,
        or(eq(essayAttempts.claimedBy, user.id), noLiveClaim(now)),
        notExists(
          deps.db
            .select({ id: essayEvaluations.id })
            .from(essayEvaluations)
            .where(and(eq(essayEvaluations.attemptId, essayAttempts.id), ne(essayEvaluations.graderId, user.id))),
        ),
      ),
    )
    .returning({ id: essayAttempts.id });
  const current = await loadSubmission(deps.db, row.id);
  if (!taken.length) {
    refuseEvaluatedByOther(user, current);
    throw claimedByOther(current.holderName, current.claimAssignedAt ? null : (current.claimExpiresAt ?? now));
  }
  return submissionDetailsView(deps.db, current, now);
}
