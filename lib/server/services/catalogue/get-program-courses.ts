import "server-only";
import type { CourseCard } from "@/lib/contract/entities/catalogue";
import type { Deps } from "../../deps";
import { forbidden, notFound } from "../../errors";
import { isUuid, type User } from "../../domain/course-access";
import { bundledProgramOf, loadCatalogue, matchesDuration, matchesSearch, paginate, type DurationFilter } from "./course-cards";

/**
 * One program and a page of its courses, in the program's order. A batchId, when given, must be one
 * of the learner's batches taking this program.
 */
export async function getProgramCourses(
  deps: Deps,
  user: User,
  query: { programId: string; batchId?: string; searchText?: string; domain?: CourseCard["domain"]; duration?: DurationFilter; pageNumber: number; pageSize: number },
) {
  if (!isUuid(query.programId)) throw notFound("Program not found.");
  const catalogue = await loadCatalogue(deps, user);
  const program = catalogue.programs.find((p) => p.id === query.programId);
  if (!program) throw notFound("Program not found.");
  if (query.batchId && query.batchId !== program.batchId) throw forbidden("You are not a member of this batch of the program.");
  const courses = program.courseIds
    .map((id) => catalogue.byId.get(id))
    .filter((c) => !!c)
    .filter((c) => matchesSearch(query.searchText, c.name, c.description))
    .filter((c) => (!query.domain || c.domain === query.domain) && matchesDuration(c.totalSeconds, query.duration));
  const page = paginate(courses, query.pageNumber, query.pageSize);
  return {
    ...page,
    results: page.results.map((c) =>
      c.card("Master's Program", { programId: program.id, batchId: program.batchId, courseType: program.courseTypes.get(c.id) ?? "mandatory" }),
    ),
    program: bundledProgramOf(catalogue, program),
  };
}
