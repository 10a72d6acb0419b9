import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  chapters,
  courses,
  courseVersions,
  essayAttempts,
  essayBlocks,
  essayEvaluations,
  mcqAttempts,
  mcqBlocks,
  programs,
  scormAttempts,
  scormItems,
  subChapters,
  users,
  videos,
  xapiStatements,
} from "../../db/schema";
import { buildStatement, type StatementFacts } from "./statement";

/** Where a statement is written: the transaction of the event it tells of. */
type Tx = Pick<Db, "select" | "insert">;

/** A learning event the LRS is told of. `at` is when it happened. */
export type LearningEvent =
  | { kind: "video-completed"; userId: string; videoId: string; courseId: string; at: Date }
  | { kind: "mcq-completed"; attemptId: string; at: Date }
  | { kind: "essay-submitted"; attemptId: string; at: Date }
  | { kind: "essay-graded"; attemptId: string; at: Date }
  | {
      kind: "certificate-issued";
      certificate: { userId: string; uid: string; kind: "course" | "program"; courseId: string | null; programId: string | null; title: string; issuedAt: Date };
    }
  /** A SCORM commit that changed the item's outcome (completed, passed, failed) or its score; `sequence` is the commit's, applied once. */
  | { kind: "scorm-result"; attemptId: string; sequence: number; at: Date };

/** The verb of a SCORM attempt's results: passed or failed when the package says so, completed when it says only that; none before. */
export function scormOutcome(results: { completionStatus: string | null; successStatus: string | null }): "passed" | "failed" | "completed" | null {
  if (results.successStatus === "passed" || results.successStatus === "failed") return results.successStatus;
  return results.completionStatus === "completed" ? "completed" : null;
}

/**
 * Writes the xAPI statements of a learning event, in the event's own transaction: they are sent once
 * it commits (deliver-statement.ts), never for an event rolled back. An event written twice (two
 * requests racing, a job run again) is one row: the statement's id is made from the event's key.
 */
export async function recordLearningEvent(tx: Tx, site: string, event: LearningEvent): Promise<void> {
  const facts = await eventFacts(tx, event);
  if (!facts.length) return;
  await tx
    .insert(xapiStatements)
    .values(
      facts.map((f) => {
        const statement = buildStatement(site, f);
        return { id: statement.id, eventKey: f.eventKey, verb: f.verb, userId: f.learner.id, statement, occurredAt: f.at };
      }),
    )
    .onConflictDoNothing();
}

async function learnerOf(tx: Tx, userId: string) {
  const [learner] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
  return learner;
}

async function courseOf(tx: Tx, courseId: string) {
  const [course] = await tx.select({ id: courses.id, title: courses.name }).from(courses).where(eq(courses.id, courseId));
  return course ? { kind: "course" as const, ...course } : undefined;
}

async function eventFacts(tx: Tx, event: LearningEvent): Promise<StatementFacts[]> {
  switch (event.kind) {
    case "video-completed": {
      const [[video], learner, course] = await Promise.all([
        tx.select({ id: videos.id, title: videos.title }).from(videos).where(eq(videos.id, event.videoId)),
        learnerOf(tx, event.userId),
        courseOf(tx, event.courseId),
      ]);
      if (!video || !learner) return [];
      return [
        {
          eventKey: `video-completed:${learner.id}:${video.id}`,
          learner,
          verb: "completed",
          object: { kind: "video", ...video },
          parent: course,
          result: { completion: true },
          at: event.at,
        },
      ];
    }
    case "mcq-completed": {
      const [row] = await tx
        .select({
          userId: mcqAttempts.userId,
          learnerName: users.name,
          blockId: mcqBlocks.id,
          title: mcqBlocks.title,
          passMark: mcqBlocks.passMark,
          courseId: courses.id,
          courseName: courses.name,
          obtained: mcqAttempts.obtainedScore,
          total: mcqAttempts.totalScore,
        })
        .from(mcqAttempts)
        .innerJoin(mcqBlocks, eq(mcqBlocks.id, mcqAttempts.blockId))
        .innerJoin(courses, eq(courses.id, mcqAttempts.courseId))
        .innerJoin(users, eq(users.id, mcqAttempts.userId))
        .where(eq(mcqAttempts.id, event.attemptId));
      if (!row) return [];
      const raw = row.obtained ?? 0;
      const success = row.passMark === null ? true : row.total > 0 && (raw / row.total) * 100 >= row.passMark;
      return [
        {
          eventKey: `mcq-completed:${event.attemptId}`,
          learner: { id: row.userId, name: row.learnerName },
          // A block with a pass mark is passed or failed; one without is completed by any attempt.
          verb: row.passMark === null ? "completed" : success ? "passed" : "failed",
          object: { kind: "quiz", id: row.blockId, title: row.title },
          parent: { kind: "course", id: row.courseId, title: row.courseName },
          result: { score: { raw, max: row.total }, success, completion: true },
          at: event.at,
        },
      ];
    }
    case "essay-submitted":
    case "essay-graded": {
      const [row] = await tx
        .select({
          userId: essayAttempts.userId,
          learnerName: users.name,
          blockId: essayBlocks.id,
          title: essayBlocks.title,
          passMark: essayBlocks.passMark,
          courseId: courses.id,
          courseName: courses.name,
          obtained: essayEvaluations.obtainedScore,
          total: essayEvaluations.totalScore,
        })
        .from(essayAttempts)
        .innerJoin(essayBlocks, eq(essayBlocks.id, essayAttempts.blockId))
        .innerJoin(courses, eq(courses.id, essayAttempts.courseId))
        .innerJoin(users, eq(users.id, essayAttempts.userId))
        .leftJoin(essayEvaluations, eq(essayEvaluations.attemptId, essayAttempts.id))
        .where(eq(essayAttempts.id, event.attemptId));
      if (!row) return [];
      const common = {
        learner: { id: row.userId, name: row.learnerName },
        object: { kind: "essay" as const, id: row.blockId, title: row.title },
        parent: { kind: "course" as const, id: row.courseId, title: row.courseName },
        at: event.at,
      };
      if (event.kind === "essay-submitted") {
        return [{ ...common, eventKey: `essay-submitted:${event.attemptId}`, verb: "answered", result: { completion: true } }];
      }
      if (row.obtained === null || row.total === null) return [];
      const passes = row.passMark === null ? undefined : row.total > 0 && (row.obtained / row.total) * 100 >= row.passMark;
      // Each saved grade is one statement (a correction is a later one): the key carries the grade's time.
      return [
        {
          ...common,
          eventKey: `essay-graded:${event.attemptId}:${event.at.toISOString()}`,
          verb: "scored",
          result: { score: { raw: row.obtained, max: row.total }, ...(passes === undefined ? {} : { success: passes }) },
        },
      ];
    }
    case "scorm-result": {
      const [row] = await tx
        .select({
          userId: scormAttempts.userId,
          learnerName: users.name,
          itemId: scormItems.id,
          title: scormItems.title,
          courseId: courses.id,
          courseName: courses.name,
          completionStatus: scormAttempts.completionStatus,
          successStatus: scormAttempts.successStatus,
          scoreScaled: scormAttempts.scoreScaled,
        })
        .from(scormAttempts)
        .innerJoin(scormItems, eq(scormItems.id, scormAttempts.itemId))
        .innerJoin(subChapters, eq(subChapters.id, scormItems.subChapterId))
        .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
        .innerJoin(courseVersions, eq(courseVersions.id, chapters.versionId))
        .innerJoin(courses, eq(courses.id, courseVersions.courseId))
        .innerJoin(users, eq(users.id, scormAttempts.userId))
        .where(eq(scormAttempts.id, event.attemptId));
      const verb = row ? scormOutcome(row) : null;
      if (!row || !verb) return [];
      return [
        {
          // Each applied commit has its own sequence, so a commit sent again is the same statement, and a later change of outcome or score a new one.
          eventKey: `scorm-result:${event.attemptId}:${event.sequence}`,
          learner: { id: row.userId, name: row.learnerName },
          verb,
          object: { kind: "scorm", id: row.itemId, title: row.title },
          parent: { kind: "course", id: row.courseId, title: row.courseName },
          result: {
            completion: row.completionStatus === "completed",
            ...(row.successStatus === "passed" || row.successStatus === "failed" ? { success: row.successStatus === "passed" } : {}),
            // The package's score as a percent (its scaled score over 0..100).
            ...(row.scoreScaled === null ? {} : { score: { raw: Math.round(Number(row.scoreScaled) * 10_000) / 100, max: 100 } }),
          },
          at: event.at,
        },
      ];
    }
    case "certificate-issued": {
      const c = event.certificate;
      const learner = await learnerOf(tx, c.userId);
      if (!learner) return [];
      const certificate: StatementFacts = {
        eventKey: `certificate-issued:${c.uid}`,
        learner,
        verb: "earned",
        object: { certificate: { kind: c.kind, uid: c.uid, title: c.title } },
        at: c.issuedAt,
      };
      if (c.kind === "program") {
        const [program] = c.programId ? await tx.select({ id: programs.id, title: programs.name }).from(programs).where(eq(programs.id, c.programId)) : [];
        return [{ ...certificate, parent: program ? { kind: "program", ...program } : undefined }];
      }
      const course = c.courseId ? await courseOf(tx, c.courseId) : undefined;
      if (!course) return [certificate];
      // A course's certificate is issued the moment the course is completed (the completion model): one statement for each.
      return [
        { eventKey: `course-completed:${learner.id}:${course.id}`, learner, verb: "completed", object: course, result: { completion: true }, at: c.issuedAt },
        { ...certificate, parent: course },
      ];
    }
  }
}
