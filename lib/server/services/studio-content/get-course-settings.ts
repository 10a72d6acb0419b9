import "server-only";
import type { Deps } from "../../deps";
import { courseState, openDraft, settingsView } from "./draft";

/** A course's settings and its draft revision. */
export async function getCourseSettings(deps: Deps, query: { courseId: string }) {
  const { course, draft } = await openDraft(deps, query.courseId);
  return settingsView(course, draft, await courseState(deps, course));
}
