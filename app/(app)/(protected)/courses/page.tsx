import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { CourseCatalogue } from "@/components/catalogue/course-catalogue";
import { catalogueCountQuery, catalogueState, courseListQuery, programListQuery } from "@/components/catalogue/catalogue-state";
import { catalogueQueries } from "@/lib/api/catalogue";
import { serverCalls } from "@/lib/server/page-calls";

export const metadata: Metadata = { title: "Courses" };

type SearchParams = Record<string, string | string[] | undefined>;

// The list the address asks for, the tabs' counts and the domain filter's choices are fetched while
// the page renders on the server, so the first HTML already shows them; the browser's queries find
// them and do not ask again (asked from the browser, each answer re-rendered the whole catalogue
// while the page was starting). A failed fetch is left to the browser, which shows its error and a
// retry. No Suspense boundary around the catalogue: React would stream its content after a skeleton
// and reveal it 300 ms after the first paint.
export default async function CoursesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) if (typeof value === "string") params.set(key, value);
  const state = catalogueState(params);
  const { http, token } = await serverCalls();
  const queryClient = new QueryClient();
  if (token) {
    await Promise.all([
      state.tab === "programs" ? queryClient.prefetchQuery(programListQuery(state, http)) : queryClient.prefetchQuery(courseListQuery(state, http)),
      queryClient.prefetchQuery(catalogueCountQuery(state, http)),
      queryClient.prefetchQuery(catalogueQueries.getCourseDomains(http)),
    ]);
  }
  return (
    <PageData state={dehydrate(queryClient)}>
      {params.get("resume") === "none" && (
        <p role="status" className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900 dark:text-brand-50">
          There is nothing to resume yet: you have not started a course. Pick one below to begin.
        </p>
      )}
      <CourseCatalogue />
    </PageData>
  );
}
