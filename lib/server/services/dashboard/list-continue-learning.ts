import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../learning/course-access";
import { loadCatalogue, onProgressCourses } from "../catalogue/course-cards";
import { getLastVisitedNode } from "../learning/get-last-visited-node";

/** At most this many courses: the list is a "continue where you left off" shortcut, not a catalogue. */
export const CONTINUE_LEARNING_LIMIT = 3;

/** The learner's started, unfinished courses, most recently active first, each with where they left off. */
export async function listContinueLearning(deps: Deps, user: User) {
  const catalogue = await loadCatalogue(deps, user);
  const recent = onProgressCourses(catalogue, {}).slice(0, CONTINUE_LEARNING_LIMIT);
  return Promise.all(
    recent.map(async (course) => ({ ...course.card("in progress"), lastVisited: await getLastVisitedNode(deps, user, course.id) })),
  );
}
