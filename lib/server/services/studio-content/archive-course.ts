import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { courseState, saveDraft, settingsView } from "./draft";

/**
 * Archives a course or brings it back. An archived course leaves the catalogue and cannot be enrolled
 * in; learners already enrolled keep it, with their progress, on their dashboard (docs/studio.md).
 */
export async function archiveCourse(deps: Deps, user: User, input: { courseId: string; revision: number; archived: boolean }) {
  const now = deps.now();
  const { course, draft } = await saveDraft(deps, user, input, (_draft, before) => ({
    action: input.archived ? "course.archive" : "course.unarchive",
    summary: input.archived ? "Archived the course" : "Brought the course back from the archive",
    before: { archived: before.archivedAt !== null },
    after: { archived: input.archived },
    courseSet: { archivedAt: input.archived ? (before.archivedAt ?? now) : null },
  }));
  return settingsView(course, draft, await courseState(deps, course));
}
