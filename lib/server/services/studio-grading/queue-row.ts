import "server-only";
import type { GradingQueueRow } from "@/lib/contract/calls/studio-grading";
import { hasLiveClaim, type SubmissionRow } from "../grading";

/** One submission as the oversight list shows it. */
export function queueRow(r: SubmissionRow, now: Date): GradingQueueRow {
  const submittedAt = r.submittedAt ?? now;
  const held = r.evaluationId === null && hasLiveClaim(r, now);
  return {
    submissionId: r.id,
    learner: { id: r.userId, name: r.name, email: r.email },
    course: { id: r.courseId, name: r.courseName },
    essayBlock: { id: r.essayBlockId, title: r.title },
    submittedAt: submittedAt.toISOString(),
    ageSeconds: Math.max(0, Math.floor((now.getTime() - submittedAt.getTime()) / 1000)),
    state: r.evaluationId ? "graded" : held ? "claimed" : "unassigned",
    holder: held
      ? {
          id: r.claimedBy!,
          name: r.holderName ?? "",
          claimExpiresAt: r.claimAssignedAt ? null : (r.claimExpiresAt?.toISOString() ?? null),
          assignedAt: r.claimAssignedAt?.toISOString() ?? null,
        }
      : null,
    gradedBy: r.graderId ? { id: r.graderId, name: r.graderName ?? "", email: r.graderEmail ?? "" } : null,
    gradedAt: r.evaluatedAt?.toISOString() ?? null,
    obtainedScore: r.obtainedScore,
    totalScore: r.totalScore,
  };
}
