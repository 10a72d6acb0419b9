import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { loadCatalogue, onProgressCourses, paginate } from "./course-cards";
import type { CourseListQuery } from "./list-all-courses";

/** The courses the learner has started and not completed, a page at a time. */
export async function listCoursesOnProgress(deps: Deps, user: User, query: CourseListQuery) {
  const catalogue = await loadCatalogue(deps, user);
  const page = paginate(onProgressCourses(catalogue, query), query.pageNumber, query.pageSize);
  return { ...page, results: page.results.map((c) => c.card("in progress")) };
}
