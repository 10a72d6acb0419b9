import "server-only";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { storeUploadedScormPackage } from "@/lib/server/content/scorm-packages";
import { scormReference } from "@/lib/server/content/writers/scorm-items";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { fileStoreFromEnv } from "../../storage/file-store";
import { ScormPackageError } from "../scorm";
import { locate, newSlugId, openDraft, outlineAnswer, refuseStale, saveDraft } from "./draft";

/** A refusal of the place named, with the rule broken as `details.reason`. */
const badPlace = (message: string, reason: string) => new ApiError(400, "bad_outline_place", message, {}, { reason });

/** The file's name without .zip, as a title: "safety-basics.zip" gives "safety-basics". */
const titleOfFile = (name: string) => path.basename(name).replace(/\.zip$/i, "").trim().slice(0, 300) || "SCORM package";

/**
 * Adds a SCORM item to a sub-chapter of the draft from an uploaded zip: the revision and place are
 * checked first, then the package (a refusal answers 422 scorm_package_refused with the check's
 * message, and nothing is stored), then it is stored as content:import stores one and the item is
 * saved to the draft with its audit row.
 */
export async function uploadScormItem(
  deps: Deps,
  user: User,
  input: { courseId: string; revision: number; parentId: string; index?: number; title?: string },
  file: { name: string; bytes: Uint8Array },
) {
  const { draft } = await openDraft(deps, input.courseId);
  if (draft.revision !== input.revision) return refuseStale(deps, input.courseId, draft.revision, input.revision);
  if (locate(draft.chapters, input.parentId).kind !== "subChapter") throw badPlace("parentId: an item goes in a sub-chapter.", "itemInSubChapter");

  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "scorm-upload-"));
  let stored;
  try {
    const zip = path.join(tmp, "package.zip");
    await fs.writeFile(zip, file.bytes);
    stored = await storeUploadedScormPackage(deps.db, () => fileStoreFromEnv(deps.env), zip, path.basename(file.name) || "package.zip");
  } catch (err) {
    if (err instanceof ScormPackageError) throw new ApiError(422, "scorm_package_refused", err.message);
    throw err;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }

  const title = input.title ?? stored.contents.manifest.title?.trim().slice(0, 300) ?? titleOfFile(file.name);
  const id = newSlugId(title);
  const reference = scormReference(stored.contents.sha256);
  const { draft: saved } = await saveDraft(deps, user, input, ({ chapters }) => {
    const parent = locate(chapters, input.parentId);
    if (parent.kind !== "subChapter") throw badPlace("parentId: an item goes in a sub-chapter.", "itemInSubChapter");
    const items = parent.sub.items;
    items.splice(Math.min(input.index ?? items.length, items.length), 0, { scorm: { slugId: id, title, package: reference } });
    return {
      action: "outline.add",
      summary: `Added SCORM package "${title}" (${path.basename(file.name)}) to "${parent.sub.title}"`,
      before: null,
      after: { id, kind: "scorm", title, parentId: input.parentId, package: reference },
    };
  });
  return { ...(await outlineAnswer(deps, input.courseId, saved)), id };
}
