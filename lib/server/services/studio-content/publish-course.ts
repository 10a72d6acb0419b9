import "server-only";
import { recordAudit } from "../../domain/audit";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { courseVersion } from "@/lib/server/content/schema";
import { insertCourseTree } from "@/lib/server/content/writers/course-tree";
import { courses, courseVersions } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError, conflict } from "../../errors";
import { openDraft, outlineAnswer, refuseStale } from "./draft";
import { withUploadedDurations } from "./item-media";

/**
 * Publishes the draft as a new version of the course, through the importer's own checks (the content
 * schema) and rows (insertCourseTree: one statement for a course of hundreds of items), in one
 * transaction. The new version becomes the current one, which new learners get; enrollments on older
 * versions are not touched, so those learners keep their version, progress, attempts and
 * submissions, and are offered the new one. Items keep their stable ids (slugId), which is what
 * carries progress over when a learner changes version (catalogue's changeCourseVersion). The draft
 * itself is not changed.
 */
export async function publishCourse(deps: Deps, user: User, input: { courseId: string; revision: number; versionName: string; releaseNotes: string }) {
  const { draft } = await openDraft(deps, input.courseId);
  if (draft.revision !== input.revision) return refuseStale(deps, input.courseId, draft.revision, input.revision);
  const now = deps.now();
  const parsed = courseVersion.safeParse({ name: input.versionName, releasedAt: now, current: true, chapters: await withUploadedDurations(deps, draft.chapters) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ApiError(400, "draft_incomplete", `The draft cannot be published yet: ${issue.path.join(".") || "chapters"}: ${issue.message}.`);
  }
  const versionId = randomUUID();
  await deps.db.transaction(async (tx) => {
    // Every earlier version stops being the current one; their names come back to check the new one's.
    const existing = await tx
      .update(courseVersions)
      .set({ isCurrent: false })
      .where(eq(courseVersions.courseId, input.courseId))
      .returning({ name: courseVersions.versionName });
    if (existing.some((v) => v.name === input.versionName)) throw conflict(`This course already has a version named "${input.versionName}".`, "version_name_taken");
    const version = { courseId: input.courseId, versionName: input.versionName, releasedAt: now, isCurrent: true, releaseNotes: input.releaseNotes || null };
    await insertCourseTree(tx, versionId, parsed.data.chapters, { version });
    // The servers' cached trees of the course are stale from now on.
    await tx
      .update(courses)
      .set({ treeRevision: sql`${courses.treeRevision} + 1` })
      .where(eq(courses.id, input.courseId));
    await recordAudit(tx, {
      actorId: user.id,
      courseId: input.courseId,
      action: "course.publish",
      revision: draft.revision,
      summary: `Published version "${input.versionName}"`,
      before: { versions: existing.map((v) => v.name) },
      after: { versionName: input.versionName, releaseNotes: input.releaseNotes },
      at: now,
    });
  });
  return { ...(await outlineAnswer(deps, input.courseId, draft)), versionId };
}
