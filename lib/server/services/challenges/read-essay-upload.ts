import "server-only";
import { eq } from "drizzle-orm";
import { essayUploads } from "../../db/schema";
import type { Deps } from "../../deps";
import { notFound, unauthorized } from "../../errors";
import { fileStoreFromEnv, type StoredFile } from "../../storage/file-store";
import { isUuid } from "../../domain/course-access";
import { findSession } from "../sign-in";
import type { EssayUploadRow } from "./essay-view";

/**
 * GET /files/essays/{id}: an essay attachment, for its author and for graders and admins only. Anyone
 * else signed in is told it does not exist (404), so an address says nothing about whose file it is;
 * without a session: 401. Two queries (the session, the upload).
 */
export async function readEssayUpload(deps: Deps, uploadId: string, token: string | undefined): Promise<{ upload: EssayUploadRow; file: StoredFile }> {
  const found = token ? await findSession(deps, token) : undefined;
  if (!found) throw unauthorized("Sign in to download this file.");
  if (!isUuid(uploadId)) throw notFound("File not found.");
  const [upload] = await deps.db.select().from(essayUploads).where(eq(essayUploads.id, uploadId)).limit(1);
  const mayRead = upload && (upload.userId === found.user.id || found.user.role === "grader" || found.user.role === "admin");
  if (!mayRead) throw notFound("File not found.");
  const file = await fileStoreFromEnv(deps.env).get(upload.storagePath);
  if (!file) throw notFound("File not found.");
  return { upload, file };
}
