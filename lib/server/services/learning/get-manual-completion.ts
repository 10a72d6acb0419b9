import "server-only";
import { and, eq } from "drizzle-orm";
import { batchMembers, batches } from "../../db/schema";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { courseBatch, isUuid, loadLearnerCourse, type User } from "../../domain/course-access";

/**
 * Whether the learner may mark videos complete by hand: the setting of the batch named, else of the
 * batch through which they take the course named, else whether any of their batches allows it.
 */
export async function getManualCompletion(deps: Deps, user: User, query: { batchId?: string; courseId?: string }) {
  if (query.batchId) {
    const rows = isUuid(query.batchId)
      ? await deps.db
          .select({ allow: batches.allowManualVideoCompletion })
          .from(batchMembers)
          .innerJoin(batches, eq(batches.id, batchMembers.batchId))
          .where(and(eq(batchMembers.userId, user.id), eq(batchMembers.batchId, query.batchId)))
      : [];
    if (!rows.length) throw notFound("You are not a member of this batch.");
    return { enableManualVideoCompletion: rows[0]!.allow };
  }
  if (query.courseId) {
    const learner = await loadLearnerCourse(deps, user, query.courseId);
    return { enableManualVideoCompletion: !!courseBatch(learner)?.allowManualVideoCompletion };
  }
  const rows = await deps.db
    .select({ allow: batches.allowManualVideoCompletion })
    .from(batchMembers)
    .innerJoin(batches, eq(batches.id, batchMembers.batchId))
    .where(and(eq(batchMembers.userId, user.id), eq(batches.allowManualVideoCompletion, true)))
    .limit(1);
  return { enableManualVideoCompletion: rows.length > 0 };
}
