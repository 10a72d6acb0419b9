import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { EssayBlock } from "@/lib/contract/entities/challenges";
import type { NewBadges } from "@/lib/contract/entities/achievements";
import { jsonColumn } from "../../db/json-column";
import { essayAttempts, essaySaveKeys } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError, badRequest, conflict, notFound } from "../../errors";
import { awardAfterAction } from "../achievements";
import { issueAfterCompletion } from "../certificates";
import { isUuid, type User } from "../../domain/course-access";
import { countWords, wordLimitProblem } from "@/lib/word-count";
import { closeOverdueEssay } from "./close-essay-attempt";
import { essayBlockView, essayContentColumn, findEssayAttempt, loadEssayUploads, type EssayAttemptFound, type EssayContent, type EssayUploadRow } from "./essay-view";
import { countsAsInTime, isOverdue } from "./timing";
import { recordLearningEvent } from "../xapi";

export interface EssaySaveInput {
  courseId: string;
  essayBlockId: string;
  essayAnswer: string;
  /** Addresses of the learner's uploads for this essay (as returned by the upload call), or their ids. */
  submissionUploadedFileUrl: string[];
  isFinalSubmission: boolean;
  isBootcamp?: boolean;
  /** The draftVersion the text was edited from; a newer one on the server refuses the save. */
  baseDraftVersion?: number;
  idempotencyKey?: string;
  /** When the browser sent it, by its clock corrected for its offset from the server's. */
  sentAt?: Date;
}

const uploadAddress = /^(?:(?:https?:\/\/[^/]+)?\/api\/files\/essays\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The upload ids the addresses name, each once, in order; 400 naming the first address that names none. */
function uploadIds(urls: string[]): string[] {
  const ids: string[] = [];
  for (const [i, url] of urls.entries()) {
    const id = uploadAddress.exec(url.trim())?.[1]?.toLowerCase();
    if (!id) throw badRequest(`submissionUploadedFileUrl.${i}: this is not the address of a file uploaded for this essay.`, "unknown_upload");
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

type SaveOutcome =
  | { kind: "saved"; found: EssayAttemptFound; uploads: EssayUploadRow[]; content: EssayContent | undefined }
  | { kind: "refused"; code: "too_few_words" | "too_many_words"; message: string }
  | { kind: "repeated"; content: EssayContent | undefined }
  | { kind: "late"; attemptId: string; closeNow: boolean };

/**
 * POST /course/video/essayBlock/submit: saves the learner's text in their running attempt.
 *
 * - A draft (isFinalSubmission false) replaces the saved one and goes up one draftVersion.
 * - A final submission stores the text and sends the essay for grading (status awaitingResults, source
 *   manual), once: the attempt's row is locked, so of two final submissions at once one applies and the
 *   other finds the essay submitted.
 * - baseDraftVersion names the version the text was edited from: when the server holds another (a newer
 *   draft saved from another tab or device), the save is refused with 409 draft_conflict and nothing is
 *   overwritten.
 * - A resend with an idempotency key already applied is answered with the attempt as it is and applied
 *   no second time.
 * - It counts when it arrives before the deadline, or within the grace period when it was sent before it.
 *
 * - A final submission outside the essay's word limits is refused with 400 too_few_words or
 *   too_many_words, naming the count and the limits; its text is saved as a draft, so nothing is lost.
 *
 * Refused, changing nothing: no attempt (attempt_not_started), a submitted attempt (attempt_closed),
 * time up (time_up), an attachment that is not the learner's upload for this essay (400).
 */
export async function submitEssayBlock(deps: Deps, user: User, input: EssaySaveInput): Promise<EssayBlock & NewBadges> {
  if (!isUuid(input.essayBlockId) || !isUuid(input.courseId)) throw notFound("This essay challenge is not part of the course.");
  const ids = uploadIds(input.submissionUploadedFileUrl);
  if (input.isFinalSubmission && !input.essayAnswer.trim() && !ids.length) {
    throw badRequest("essayAnswer: write an answer (or attach a file) before submitting the essay.", "empty_answer");
  }
  const now = deps.now();
  const key = input.idempotencyKey;
  const outcome = await deps.db.transaction(async (tx): Promise<SaveOutcome> => {
    // The attempt, locked until the save commits, whether this key was applied already, and the
    // essay's text and criteria, which the answer shows: one query.
    const [row] = await tx
      .select({ attempt: essayAttempts, seen: essaySaveKeys.draftVersion, content: essayContentColumn(essayAttempts.blockId) })
      .from(essayAttempts)
      .leftJoin(essaySaveKeys, and(eq(essaySaveKeys.attemptId, essayAttempts.id), key ? eq(essaySaveKeys.idempotencyKey, key) : sql`false`))
      .where(and(eq(essayAttempts.userId, user.id), eq(essayAttempts.blockId, input.essayBlockId), eq(essayAttempts.courseId, input.courseId)))
      .for("update", { of: essayAttempts });
    if (!row) throw conflict("Start this essay challenge before saving an answer.", "attempt_not_started");
    const { attempt } = row;
    const content = jsonColumn(row.content);
    if (row.seen !== null) return { kind: "repeated", content };
    if (attempt.status !== "onProgress") {
      throw conflict("This essay is already submitted: its answer can no longer change.", "attempt_closed");
    }
    if (!countsAsInTime(attempt.deadlineAt, now, input.sentAt)) {
      return { kind: "late", attemptId: attempt.id, closeNow: isOverdue(attempt.deadlineAt, now) };
    }
    if (input.baseDraftVersion !== undefined && input.baseDraftVersion !== attempt.draftVersion) {
      throw new ApiError(
        409,
        "draft_conflict",
        input.baseDraftVersion < attempt.draftVersion
          ? `Another tab or device saved a newer draft (version ${attempt.draftVersion}) after this text was loaded (version ${input.baseDraftVersion}). Nothing was overwritten: reload to compare both texts.`
          : `This text was edited from draft version ${input.baseDraftVersion}, but the saved draft is version ${attempt.draftVersion}. Nothing was overwritten: reload to compare both texts.`,
      );
    }
    const uploads = await loadEssayUploads(tx, ids);
    for (const [i, id] of ids.entries()) {
      const upload = uploads.find((u) => u.id === id);
      if (!upload || upload.userId !== user.id || upload.blockId !== attempt.blockId) {
        const at = input.submissionUploadedFileUrl.findIndex((url) => url.toLowerCase().includes(id));
        throw badRequest(`submissionUploadedFileUrl.${at < 0 ? i : at}: this is not a file you uploaded for this essay.`, "unknown_upload");
      }
    }
    // Outside the word limits the text is kept as a draft and only the submission is refused.
    const problem = input.isFinalSubmission && content ? wordLimitProblem(countWords(input.essayAnswer), content.minWords, content.maxWords) : null;
    const final = input.isFinalSubmission && !problem;
    const draftVersion = attempt.draftVersion + 1;
    // The key is kept with the save, in the same statement.
    const writer = key ? tx.with(tx.$with("applied").as(tx.insert(essaySaveKeys).values({ attemptId: attempt.id, idempotencyKey: key, draftVersion }).returning({ attemptId: essaySaveKeys.attemptId }))) : tx;
    const [saved] = await writer
      .update(essayAttempts)
      .set({
        answer: input.essayAnswer,
        draftVersion,
        draftSavedAt: now,
        attachmentIds: ids,
        isBootcamp: input.isBootcamp ?? attempt.isBootcamp,
        ...(final
          ? { status: "awaitingResults" as const, submittedAt: now < attempt.deadlineAt ? now : attempt.deadlineAt, submissionSource: "manual" as const }
          : {}),
      })
      .where(and(eq(essayAttempts.id, attempt.id), eq(essayAttempts.status, "onProgress")))
      .returning();
    if (problem) return { kind: "refused", ...problem };
    if (final) await recordLearningEvent(tx, deps.siteUrl, { kind: "essay-submitted", attemptId: attempt.id, at: saved!.submittedAt ?? now });
    return { kind: "saved", found: { attempt: saved!, evaluation: null }, uploads, content };
  });
  if (outcome.kind === "refused") throw badRequest(`essayAnswer: ${outcome.message} Your text is saved as a draft.`, outcome.code);

  if (outcome.kind === "late") {
    // Too late: past the deadline (and, for a save sent after it, whatever the grace period).
    if (outcome.closeNow) await closeOverdueEssay(deps, outcome.attemptId, now);
    throw new ApiError(409, "time_up", "Time is up for this essay: this text reached the server after the deadline and was not saved. The draft saved before the deadline counts.");
  }
  const { content } = outcome;
  if (!content) throw notFound("This essay challenge is not part of the course.");
  // The learner holds a running (or their own submitted) attempt: the essay is open to them.
  if (outcome.kind === "repeated") return essayBlockView(deps.db, content, false, await findEssayAttempt(deps.db, user.id, input.essayBlockId), now);
  // A submitted essay may be the last challenge of its course: its certificate is issued now, and the badges it earned awarded.
  const newBadges = input.isFinalSubmission ? await awardAfterAction(deps, user, { enrolled: await issueAfterCompletion(deps, user) }) : [];
  const view = await essayBlockView(deps.db, content, false, outcome.found, now, outcome.uploads);
  return newBadges.length ? { ...view, newBadges } : view;
}
