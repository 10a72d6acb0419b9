import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { allCourses, loadCatalogue, matchingPrograms, onProgressCourses, type DurationFilter } from "./course-cards";

type Domain = Parameters<typeof allCourses>[1]["domain"];

/**
 * How many courses and programs each course list holds for the learner: each list counted with the
 * filters it takes, by the same functions that make the lists, so a tab's count is what it shows.
 */
export async function countPrograms(deps: Deps, user: User, query: { searchText?: string; domain?: Domain; duration?: DurationFilter }) {
  const catalogue = await loadCatalogue(deps, user);
  const { searchText, domain, duration } = query;
  return {
    onProgressCount: onProgressCourses(catalogue, { searchText, duration }).length,
    allCount: allCourses(catalogue, { searchText, domain, duration }).length,
    bundledCount: matchingPrograms(catalogue, { searchText, domain }).length,
  };
}
