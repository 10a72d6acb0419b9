import "server-only";
import type { CourseCard } from "@/lib/contract/entities/catalogue";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { allCourses, loadCatalogue, paginate, type DurationFilter } from "./course-cards";

export interface CourseListQuery {
  searchText?: string;
  domain?: CourseCard["domain"];
  duration?: DurationFilter;
  pageNumber: number;
  pageSize: number;
}

/** Every course the learner can see, enrolled or not, a page at a time. */
export async function listAllCourses(deps: Deps, user: User, query: CourseListQuery) {
  const catalogue = await loadCatalogue(deps, user);
  const page = paginate(allCourses(catalogue, query), query.pageNumber, query.pageSize);
  return { ...page, results: page.results.map((c) => c.card("all courses")) };
}
