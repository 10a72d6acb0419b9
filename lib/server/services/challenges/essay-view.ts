import "server-only";
import { and, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { EssayAttachment } from "@/lib/contract/entities/shared";
import type { EssayBlock } from "@/lib/contract/entities/challenges";
import type { Db } from "../../db/client";
import { jsonColumn } from "../../db/json-column";
import { essayAttempts, essayBlocks, essayEvaluations, essayUploads } from "../../db/schema";
import { reachesPassMark } from "../../domain/completion";
import { remainingSeconds } from "./timing";

export type EssayAttemptRow = typeof essayAttempts.$inferSelect;
export type EssayEvaluationRow = typeof essayEvaluations.$inferSelect;
export type EssayUploadRow = typeof essayUploads.$inferSelect;

/** The learner's attempt with the grader's evaluation when there is one. */
export interface EssayAttemptFound {
  attempt: EssayAttemptRow;
  evaluation: EssayEvaluationRow | null;
}

/** The folder of the storage that holds essay attachments; a file's key is this folder and its upload id. */
export const ESSAY_UPLOAD_FOLDER = "essays";
export const essayUploadKey = (uploadId: string) => `${ESSAY_UPLOAD_FOLDER}/${uploadId}`;
/** Where an attachment is served, to its author and to graders and admins only (GET /api/files/essays/{id}). */
export const essayUploadUrl = (uploadId: string) => `/api/files/${ESSAY_UPLOAD_FOLDER}/${uploadId}`;

/** The learner's attempt at an essay, with its evaluation, or undefined; one query. */
export async function findEssayAttempt(db: Pick<Db, "select">, userId: string, blockId: string): Promise<EssayAttemptFound | undefined> {
  const [row] = await db
    .select({ attempt: essayAttempts, evaluation: essayEvaluations })
    .from(essayAttempts)
    .leftJoin(essayEvaluations, eq(essayEvaluations.attemptId, essayAttempts.id))
    .where(and(eq(essayAttempts.userId, userId), eq(essayAttempts.blockId, blockId)))
    .limit(1);
  return row ? { attempt: row.attempt, evaluation: row.evaluation } : undefined;
}

export interface EssayContent {
  id: string;
  title: string;
  durationInMinutes: number;
  question: string;
  description: string;
  referenceDocument: string | null;
  solutionDocument: string | null;
  passMark: number | null;
  minWords: number | null;
  maxWords: number | null;
  criteria: { id: string; gradingCriteria: string; description: string; marks: number; order: number }[];
}

/** An essay's text, documents and criteria in order (the model answer included: the view decides what shows); one query. */
export async function loadEssayContent(db: Pick<Db, "select">, blockId: string): Promise<EssayContent | undefined> {
  const [row] = await db.select({ content: essayContentColumn(sql`${blockId}`) }).from(essayBlocks).where(eq(essayBlocks.id, blockId));
  return row ? jsonColumn(row.content) : undefined;
}

/**
 * An essay's content as one JSON value a query can read beside other columns (the essay save reads
 * it with the learner's locked attempt; read it with jsonColumn); null when no essay has this id.
 */
export function essayContentColumn(blockId: SQL | AnyColumn): SQL<EssayContent | string | null> {
  return sql<EssayContent | string | null>`(select json_build_object(
      'id', b.id, 'title', b.title, 'durationInMinutes', b.duration_in_minutes, 'question', b.question,
      'description', b.description, 'referenceDocument', b.reference_document, 'solutionDocument', b.solution_document,
      'passMark', b.pass_mark, 'minWords', b.min_words, 'maxWords', b.max_words,
      'criteria', coalesce((select json_agg(json_build_object('id', c.id, 'gradingCriteria', c.grading_criteria,
        'description', c.description, 'marks', c.marks, 'order', c.position) order by c.position)
        from essay_criteria c where c.block_id = b.id), '[]'::json))
    from essay_blocks b where b.id = ${blockId})`;
}

/** The uploads with these ids (any owner: the caller checks); one query, none for no ids. */
export async function loadEssayUploads(db: Pick<Db, "select">, ids: string[]): Promise<EssayUploadRow[]> {
  if (!ids.length) return [];
  return db.select().from(essayUploads).where(inArray(essayUploads.id, ids));
}

export const attachmentOf = (upload: EssayUploadRow): EssayAttachment => ({
  url: essayUploadUrl(upload.id),
  fileName: upload.originalName,
  sizeBytes: upload.sizeBytes,
  contentType: upload.contentType,
});

/**
 * The essay as the learner may see it now. Before an attempt: the description and reference document
 * (none of them while the challenge is locked), never the question: the time to think about it starts
 * with the clock. While it runs and while it awaits results: the
 * saved draft or answer and its attachments. Once results are received (the status says so and a grader's
 * evaluation exists): the score, each criterion's givenMarks and the grader's comment on it, the overall comment and the model answer
 * (solutionDocument), which are left out before. One query, two with attachments.
 */
export async function essayBlockView(
  db: Db,
  content: EssayContent,
  locked: boolean,
  found: EssayAttemptFound | undefined,
  now: Date,
  attachments?: EssayUploadRow[],
): Promise<EssayBlock> {
  const totalScore = content.criteria.reduce((sum, c) => sum + c.marks, 0);
  const hidden = locked && !found;
  const base = {
    id: content.id,
    title: content.title,
    question: found ? content.question : "",
    description: hidden ? "" : content.description,
    referenceDocument: hidden ? null : content.referenceDocument,
    durationInMinutes: content.durationInMinutes,
    totalScore,
    isChallengeLocked: locked,
    passMark: content.passMark,
    minWords: content.minWords,
    maxWords: content.maxWords,
  };
  if (!found) {
    return {
      ...base,
      attemptStatus: "notAttempted",
      obtainedScore: null,
      criteria: content.criteria,
      submittedAnswer: null,
      draftVersion: 0,
      draftSavedAt: null,
      submissionUploadedFileUrl: [],
      attachments: [],
      submissionSource: null,
      comment: null,
      startedAt: null,
      endsAt: null,
      submittedAt: null,
      remainingTimeInSeconds: null,
      isPassed: false,
    };
  }
  const { attempt, evaluation } = found;
  const running = attempt.status === "onProgress";
  const results = attempt.status === "resultsReceived" && evaluation ? evaluation : null;
  const uploads = attachments ?? (await loadEssayUploads(db, attempt.attachmentIds));
  const byId = new Map(uploads.map((u) => [u.id, u]));
  const attached = attempt.attachmentIds.flatMap((id) => {
    const upload = byId.get(id);
    return upload ? [attachmentOf(upload)] : [];
  });
  return {
    ...base,
    attemptStatus: attempt.status,
    obtainedScore: results ? results.obtainedScore : null,
    criteria: content.criteria.map((c) =>
      results ? { ...c, givenMarks: results.marks[c.id]?.givenMarks ?? null, gradersComment: results.marks[c.id]?.comment ?? null } : c,
    ),
    ...(results ? { solutionDocument: content.solutionDocument } : {}),
    // Null only while nothing was ever saved; an attempt closed with an empty draft shows it empty.
    submittedAnswer: running && attempt.draftVersion === 0 ? null : attempt.answer,
    draftVersion: attempt.draftVersion,
    draftSavedAt: attempt.draftSavedAt?.toISOString() ?? null,
    submissionUploadedFileUrl: attached.map((a) => a.url),
    attachments: attached,
    submissionSource: attempt.submissionSource,
    comment: results ? results.comment : null,
    startedAt: attempt.startedAt.toISOString(),
    endsAt: running ? attempt.deadlineAt.toISOString() : null,
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    remainingTimeInSeconds: running ? remainingSeconds(attempt.deadlineAt, now) : null,
    // The completion model's rule (domain/completion.ts): submitted, or graded at or above the pass mark.
    isPassed: !running && (content.passMark === null || (!!results && reachesPassMark(results.obtainedScore, results.totalScore, content.passMark))),
  };
}
