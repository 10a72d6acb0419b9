import "server-only";
import type { Deps } from "../../deps";
import { openDraft, outlineAnswer } from "./draft";

/** The draft outline with its revision, and the course's published versions. */
export async function getCourseOutline(deps: Deps, query: { courseId: string }) {
  const { draft } = await openDraft(deps, query.courseId);
  return outlineAnswer(deps, query.courseId, draft);
}
