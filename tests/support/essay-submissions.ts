import { and, asc, eq } from "drizzle-orm";
import { chapters, courses, courseVersions, essayAttempts, essayBlocks, essayCriteria, essayUploads, subChapters } from "@/lib/server/db/schema";
import type { TestApi } from "./api";

/**
 * Submitted essays written straight into the database, as the learners' submit call would leave them:
 * the attempt with its answer, files, submission time and source, status awaitingResults.
 */

export interface EssayRef {
  blockId: string;
  courseId: string;
  versionId: string;
  title: string;
  criteria: { id: string; gradingCriteria: string; marks: number }[];
}

/** An imported essay challenge, by its course's key and its own slugId. */
export async function essayOf(t: TestApi, courseKey: string, essaySlugId: string): Promise<EssayRef> {
  const [row] = await t.db
    .select({ blockId: essayBlocks.id, title: essayBlocks.title, versionId: chapters.versionId, courseId: courseVersions.courseId })
    .from(essayBlocks)
    .innerJoin(subChapters, eq(subChapters.id, essayBlocks.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, eq(courseVersions.id, chapters.versionId))
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .where(and(eq(courses.key, courseKey), eq(essayBlocks.slugId, essaySlugId)));
  if (!row) throw new Error(`no essay ${essaySlugId} in course ${courseKey}`);
  const criteria = await t.db
    .select({ id: essayCriteria.id, gradingCriteria: essayCriteria.gradingCriteria, marks: essayCriteria.marks })
    .from(essayCriteria)
    .where(eq(essayCriteria.blockId, row.blockId))
    .orderBy(asc(essayCriteria.position));
  return { ...row, criteria };
}

export interface SubmissionOptions {
  answer?: string;
  submittedAt?: Date;
  source?: "manual" | "timeOut" | "migrated" | "submittedOnMigration";
  /** Still running: not a submission yet. */
  running?: boolean;
  /** Names of files to store as the learner's uploads and attach. */
  files?: string[];
}

/** Writes one learner's attempt at an essay; returns its id (the submission id). */
export async function insertSubmission(t: TestApi, userId: string, essay: EssayRef, options: SubmissionOptions = {}): Promise<string> {
  const submittedAt = options.submittedAt ?? t.deps.now();
  const startedAt = new Date(submittedAt.getTime() - 30 * 60_000);
  const attachmentIds: string[] = [];
  for (const [i, name] of (options.files ?? []).entries()) {
    const [upload] = await t.db
      .insert(essayUploads)
      .values({ userId, blockId: essay.blockId, storagePath: `essays/${userId}/${i}-${name}`, originalName: name, contentType: "application/pdf", sizeBytes: 1000 + i })
      .returning({ id: essayUploads.id });
    attachmentIds.push(upload!.id);
  }
  const [attempt] = await t.db
    .insert(essayAttempts)
    .values({
      userId,
      blockId: essay.blockId,
      courseId: essay.courseId,
      versionId: essay.versionId,
      status: options.running ? "onProgress" : "awaitingResults",
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + 120 * 60_000),
      answer: options.answer ?? "My answer.",
      draftVersion: 1,
      draftSavedAt: submittedAt,
      attachmentIds,
      submittedAt: options.running ? null : submittedAt,
      submissionSource: options.running ? null : (options.source ?? "manual"),
    })
    .returning({ id: essayAttempts.id });
  return attempt!.id;
}
