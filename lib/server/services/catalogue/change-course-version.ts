import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { courseVersions, enrollments } from "../../db/schema";
import { notFound } from "../../errors";
import { migrateEssayAttempts, type EssayMigration } from "../challenges";
import { carryProgress } from "./carry-progress";

/**
 * Moves an enrolled learner to another version of a course, with their essays (see
 * migrate-essay-attempts.ts), their watched videos and their multiple-choice attempts on the items
 * of the same stable id (carry-progress.ts), in one transaction: either all change or none does.
 * Nothing in the product changes a learner's version yet (an enrollment keeps the version it was
 * made with, and a new version published in the studio is offered, not imposed); an operator's
 * script or a future "switch version" call must go through here, never update
 * enrollments.version_id alone.
 */
export async function changeCourseVersion(db: Db, input: { userId: string; courseId: string; versionId: string; now: Date }): Promise<EssayMigration> {
  return db.transaction((tx) => changeCourseVersionIn(tx, input));
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** changeCourseVersion inside the caller's transaction (the studio's move records its audit row in it). */
export async function changeCourseVersionIn(tx: Tx, input: { userId: string; courseId: string; versionId: string; now: Date }): Promise<EssayMigration> {
  const [version] = await tx
    .select({ id: courseVersions.id })
    .from(courseVersions)
    .where(and(eq(courseVersions.id, input.versionId), eq(courseVersions.courseId, input.courseId)));
  if (!version) throw notFound("This version of the course was not found.");
  const moved = await tx
    .update(enrollments)
    .set({ versionId: input.versionId })
    .where(and(eq(enrollments.userId, input.userId), eq(enrollments.courseId, input.courseId)))
    .returning({ id: enrollments.id });
  if (!moved.length) throw notFound("The learner is not enrolled in this course.");
  await carryProgress(tx, { userId: input.userId, courseId: input.courseId, toVersionId: input.versionId });
  return migrateEssayAttempts(tx, { userId: input.userId, courseId: input.courseId, toVersionId: input.versionId, now: input.now });
}
