import "server-only";
import type { CourseCard } from "@/lib/contract/entities/catalogue";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { bundledProgramOf, loadCatalogue, matchingPrograms } from "./course-cards";

/** The programs (bundles of courses) the learner can see, matching a search and a domain. */
export async function listBundledPrograms(deps: Deps, user: User, query: { searchText?: string; domain?: CourseCard["domain"] }) {
  const catalogue = await loadCatalogue(deps, user);
  return matchingPrograms(catalogue, query).map((p) => bundledProgramOf(catalogue, p));
}
