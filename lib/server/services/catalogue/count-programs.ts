import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../learning/course-access";
import { allCourses, loadCatalogue, matchingPrograms, onProgressCourses } from "./course-cards";

/** How many courses and programs each course list holds for the learner, matching searchText. */
export async function countPrograms(deps: Deps, user: User, query: { searchText?: string }) {
  const catalogue = await loadCatalogue(deps, user);
  return {
    onProgressCount: onProgressCourses(catalogue, query).length,
    allCount: allCourses(catalogue, query).length,
    bundledCount: matchingPrograms(catalogue, query).length,
  };
}
