import "server-only";
import { eq, sql } from "drizzle-orm";
import { courseVersion } from "@/lib/server/content/schema";
import { writeCourseTree } from "@/lib/server/content/writers/course-tree";
import { courses, courseVersions, studioAudit } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError, conflict } from "../../errors";
import { openDraft, outlineAnswer, refuseStale } from "./draft";
import { withUploadedDurations } from "./item-media";

/**
 * Publishes the draft as a new version of the course, through the importer's own checks (the content
 * schema) and writer (writeCourseTree), in one transaction. The new version becomes the current one,
 * which new learners get; enrollments on older versions are not touched, so those learners keep their
 * version, progress, attempts and submissions, and are offered the new one. Items keep their stable
 * ids (slugId), which is what carries progress over when a learner changes version
 * (catalogue's changeCourseVersion). The draft itself is not changed.
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
  const versionId = await deps.db.transaction(async (tx) => {
    const existing = await tx.select({ name: courseVersions.versionName }).from(courseVersions).where(eq(courseVersions.courseId, input.courseId));
    if (existing.some((v) => v.name === input.versionName)) throw conflict(`This course already has a version named "${input.versionName}".`, "version_name_taken");
    await tx.update(courseVersions).set({ isCurrent: false }).where(eq(courseVersions.courseId, input.courseId));
    const [row] = await tx
      .insert(courseVersions)
      .values({ courseId: input.courseId, versionName: input.versionName, releasedAt: now, isCurrent: true, releaseNotes: input.releaseNotes || null })
      .returning({ id: courseVersions.id });
    await writeCourseTree(tx, row!.id, parsed.data.chapters);
    // The servers' cached trees of the course are stale from now on.
    await tx
      .update(courses)
      .set({ treeRevision: sql`${courses.treeRevision} + 1` })
      .where(eq(courses.id, input.courseId));
    await tx.insert(studioAudit).values({
      userId: user.id,
      courseId: input.courseId,
      action: "course.publish",
      revision: draft.revision,
      summary: `Published version "${input.versionName}"`,
      before: { versions: existing.map((v) => v.name) },
      after: { versionName: input.versionName, releaseNotes: input.releaseNotes },
      createdAt: now,
    });
    return row!.id;
  });
  return { ...(await outlineAnswer(deps, input.courseId, draft)), versionId };
}
