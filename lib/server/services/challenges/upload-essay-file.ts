import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { EssayAttachment } from "@/lib/contract/entities/shared";
import type { ServerEnv } from "@/lib/env";
import { essayAttempts, essayUploads } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError, badRequest, conflict, notFound } from "../../errors";
import { fileStoreFromEnv } from "../../storage/file-store";
import { isUuid, type User } from "../../domain/course-access";
import { ALLOWED_ESSAY_FILES, detectEssayFileType, ESSAY_FILE_FORMATS } from "./essay-file-type";
import { attachmentOf, essayUploadKey } from "./essay-view";
import { isOverdue } from "./timing";

/** Largest attachment unless ESSAY_UPLOAD_MAX_BYTES says otherwise: 10 MB. */
export const DEFAULT_ESSAY_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Files one attempt may upload. */
export const ESSAY_UPLOADS_PER_ATTEMPT = 10;

export const essayUploadMaxBytes = (env: Pick<ServerEnv, "ESSAY_UPLOAD_MAX_BYTES">) => env.ESSAY_UPLOAD_MAX_BYTES ?? DEFAULT_ESSAY_UPLOAD_MAX_BYTES;

/** The refusal of a file over the limit, naming the field and the limit. */
export const fileTooLargeMessage = (maxBytes: number) =>
  `file: the file is larger than ${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB, the most an essay attachment may be.`;

/** The learner's file name, for display only: no folders, no control characters, at most 200 characters. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return clean || "file";
}

export interface EssayUploadInput {
  courseId: string;
  essayBlockId: string;
  fileName: string;
  bytes: Uint8Array;
}

/**
 * POST /course/video/essayBlock/upload: stores a file for the learner's running essay attempt. Its type
 * is read from its content (see essay-file-type.ts), never from its name; it must not exceed the size
 * limit; an attempt holds at most 10 uploads. The stored name is a uuid made here. The answer carries
 * the address to put in submissionUploadedFileUrl: uploading alone attaches nothing. Accepted until the
 * deadline and its grace period have passed.
 */
export async function uploadEssayFile(deps: Deps, user: User, input: EssayUploadInput): Promise<EssayAttachment> {
  if (!isUuid(input.essayBlockId) || !isUuid(input.courseId)) throw notFound("This essay challenge is not part of the course.");
  const max = essayUploadMaxBytes(deps.env);
  if (input.bytes.length > max) throw new ApiError(413, "file_too_large", fileTooLargeMessage(max), {}, { reason: "essay", maxBytes: max });
  if (input.bytes.length === 0) throw badRequest("file: the file is empty.", "empty_file");
  const type = detectEssayFileType(input.bytes);
  if (!type) {
    throw new ApiError(415, "unsupported_file_type", `file: only ${ALLOWED_ESSAY_FILES} files can be attached; this file's content is none of them.`, {}, { reason: "essay", types: ESSAY_FILE_FORMATS });
  }

  const store = fileStoreFromEnv(deps.env);
  const id = randomUUID();
  const key = essayUploadKey(id);
  let written = false;
  try {
    const upload = await deps.db.transaction(async (tx) => {
      const [attempt] = await tx
        .select({ id: essayAttempts.id, status: essayAttempts.status, deadlineAt: essayAttempts.deadlineAt })
        .from(essayAttempts)
        .where(and(eq(essayAttempts.userId, user.id), eq(essayAttempts.blockId, input.essayBlockId), eq(essayAttempts.courseId, input.courseId)))
        .for("update");
      if (!attempt) throw conflict("Start this essay challenge before attaching files to it.", "attempt_not_started");
      if (attempt.status !== "onProgress") throw conflict("This essay is already submitted: no more files can be attached.", "attempt_closed");
      if (isOverdue(attempt.deadlineAt, deps.now())) throw new ApiError(409, "time_up", "Time is up for this essay: the file was not stored.");
      const [held] = await tx
        .select({ n: count() })
        .from(essayUploads)
        .where(and(eq(essayUploads.userId, user.id), eq(essayUploads.blockId, input.essayBlockId)));
      if ((held?.n ?? 0) >= ESSAY_UPLOADS_PER_ATTEMPT) {
        throw conflict(`file: an essay attempt holds at most ${ESSAY_UPLOADS_PER_ATTEMPT} files; this one has ${held!.n} already.`, "too_many_files");
      }
      await store.put(key, input.bytes);
      written = true;
      const [row] = await tx
        .insert(essayUploads)
        .values({
          id,
          userId: user.id,
          blockId: input.essayBlockId,
          storagePath: key,
          originalName: displayName(input.fileName),
          contentType: type.contentType,
          sizeBytes: input.bytes.length,
          createdAt: deps.now(),
        })
        .returning();
      return row!;
    });
    return attachmentOf(upload);
  } catch (err) {
    // A file whose row was not committed is no one's: it goes.
    if (written) await store.remove(key).catch(() => undefined);
    throw err;
  }
}
