import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq } from "drizzle-orm";
import { essayAttempts, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError, forbidden, notFound } from "../../errors";
import { hasLiveClaim, loadSubmission } from "../grading";
import { queueRow } from "./queue-row";
import { refuseNonAdmin } from "./refuse-non-admin";

/** Who held an essay, as its audit row records it. */
interface HolderSnapshot {
  submissionId: string;
  graderId: string | null;
  graderName: string | null;
  assigned: boolean;
  claimExpiresAt: string | null;
}

/**
 * POST /studio/grading/assignment: gives a submitted essay to a grader, whoever held it: the claim is
 * theirs with no end (claimAssignedAt set, claimExpiresAt null), so the graders' list shows it as
 * theirs and nobody else may claim it or save marks, until it is graded or reassigned. `graderId: null`
 * releases it for any grader. The attempt's row is locked for the change, and the audit row
 * (submission.assign, submission.reassign or submission.unassign: before and after, the course, and the
 * grader as the person concerned) is written in the same transaction. Refused, changing nothing: an
 * unknown or unsubmitted essay, an assignee who is not an active grader or administrator, the essay's
 * own learner, and an essay already graded.
 */
export async function assignSubmission(deps: Deps, user: User, body: { submissionId: string; graderId: string | null }) {
  refuseNonAdmin(user);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await loadSubmission(tx, body.submissionId, true);
    if (row.evaluationId) {
      throw new ApiError(409, "submission_graded", `${row.graderName ?? "A grader"} has already graded this essay: only they can correct the marks, so it cannot be assigned.`, {}, row.graderName ? { grader: row.graderName } : {});
    }
    let assignee: { id: string; name: string } | null = null;
    if (body.graderId) {
      const [person] = await tx
        .select({ id: users.id, name: users.name, role: users.role, deactivatedAt: users.deactivatedAt })
        .from(users)
        .where(eq(users.id, body.graderId));
      if (!person) throw notFound("graderId: no person has this id.", "person_not_found");
      if (person.role !== "grader" && person.role !== "admin") {
        throw new ApiError(400, "not_a_grader", `graderId: ${person.name} is a${person.role === "author" ? "n" : ""} ${person.role}, not a grader: give them the grader role first, or choose a grader.`, {}, {
          reason: "role",
          person: person.name,
          role: person.role,
        });
      }
      if (person.deactivatedAt) throw new ApiError(400, "not_a_grader", `graderId: ${person.name} is deactivated and cannot grade.`, {}, { reason: "deactivated", person: person.name });
      if (person.id === row.userId) throw forbidden(`${person.name} wrote this essay: another grader has to mark it.`, "own_submission");
      assignee = { id: person.id, name: person.name };
    }

    const live = hasLiveClaim(row, now);
    const before: HolderSnapshot = {
      submissionId: row.id,
      graderId: live ? row.claimedBy : null,
      graderName: live ? row.holderName : null,
      assigned: live && !!row.claimAssignedAt,
      claimExpiresAt: live && !row.claimAssignedAt ? (row.claimExpiresAt?.toISOString() ?? null) : null,
    };
    const after: HolderSnapshot = { submissionId: row.id, graderId: assignee?.id ?? null, graderName: assignee?.name ?? null, assigned: !!assignee, claimExpiresAt: null };
    if (before.graderId === after.graderId && before.assigned === after.assigned) return;

    await tx
      .update(essayAttempts)
      .set(assignee ? { claimedBy: assignee.id, claimExpiresAt: null, claimAssignedAt: now } : { claimedBy: null, claimExpiresAt: null, claimAssignedAt: null })
      .where(eq(essayAttempts.id, row.id));
    const essay = `${row.name}'s essay "${row.title}" (${row.courseName})`;
    const action = !assignee ? "submission.unassign" : before.graderId ? "submission.reassign" : "submission.assign";
    const summary = !assignee
      ? `Released ${essay} from ${before.graderName ?? "its grader"}`
      : before.graderId
        ? `Reassigned ${essay} from ${before.graderName ?? "a grader"} to ${assignee.name}`
        : `Assigned ${essay} to ${assignee.name}`;
    await recordAudit(tx, {
      actorId: user.id,
      courseId: row.courseId,
      targetUserId: assignee?.id ?? before.graderId,
      action,
      summary,
      before,
      after,
      at: now,
    });
  });
  return { submission: queueRow(await loadSubmission(deps.db, body.submissionId), now) };
}
