import type { HttpClient } from "@/lib/api/client";
import { catalogueQueries } from "@/lib/api/catalogue";
import { CATALOGUE_PAGE_SIZE, type CatalogueState } from "./catalogue-state";

/** The list of courses a state shows (in progress or all); the programs tab has its own. */
export function courseListQuery({ tab, domain, duration, page, q }: CatalogueState, client?: HttpClient) {
  const searchText = q || undefined;
  return tab === "in-progress"
    ? catalogueQueries.listCoursesOnProgress({ searchText, duration, pageNumber: page, pageSize: CATALOGUE_PAGE_SIZE }, client)
    : catalogueQueries.listAllCourses({ searchText, domain, duration, pageNumber: page, pageSize: CATALOGUE_PAGE_SIZE }, client);
}

/** What each tab would show with the state's filters (the count call applies to each list the filters it takes). */
export const catalogueCountQuery = ({ domain, duration, q }: CatalogueState, client?: HttpClient) =>
  catalogueQueries.countPrograms({ searchText: q || undefined, domain, duration }, client);

export const programListQuery = ({ domain, q }: CatalogueState, client?: HttpClient) => catalogueQueries.listBundledPrograms({ searchText: q || undefined, domain }, client);
