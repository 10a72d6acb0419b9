import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { loadCatalogue, onProgressCourses } from "../catalogue";
import { loadLastVisitedNodes } from "./last-visited-nodes";

/** At most this many courses: the list is a "continue where you left off" shortcut, not a catalogue. */
export const CONTINUE_LEARNING_LIMIT = 3;

/** The learner's started, unfinished courses, most recently active first, each with where they left off; a fixed number of queries. */
export async function listContinueLearning(deps: Deps, user: User) {
  const catalogue = await loadCatalogue(deps, user);
  const recent = onProgressCourses(catalogue, {})
    .slice(0, CONTINUE_LEARNING_LIMIT)
    .map((course) => course.card("in progress"));
  const places = await loadLastVisitedNodes(
    deps.db,
    user.id,
    recent.map((c) => ({ courseId: c.courseId, versionId: c.versionId, courseSlug: c.slug, courseSlugId: c.slugId })),
  );
  return recent.map((card) => ({ ...card, lastVisited: places.get(card.courseId)! }));
}
