import { QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { CourseCatalogue, type CatalogueParts } from "@/components/catalogue/course-catalogue";
import { catalogueCountQuery, courseListQuery, programListQuery } from "@/components/catalogue/catalogue-queries";
import { catalogueState } from "@/components/catalogue/catalogue-state";
import { catalogueQueries } from "@/lib/api/catalogue";
import { loadPart } from "@/lib/page-part";
import { serverCalls } from "@/lib/server/page-calls";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("catalogue");
  return { title: t("title") };
}

type SearchParams = Record<string, string | string[] | undefined>;
type CatalogueList = Extract<CatalogueParts["list"], { data: unknown }>["data"];

// The catalogue is drawn by the server for the state in its address: the list, the tabs' counts and
// the domain filter's choices are fetched while the page renders, and only the controls and Enroll run
// in the browser. A change of tab, search, filter or page replaces the address, and the server draws
// the new list in place. A list that could not be loaded shows its error with Try again; a count or
// the domains that could not be loaded are left out. No Suspense boundary around the catalogue: React
// would stream its content after a skeleton and reveal it 300 ms after the first paint.
export default async function CoursesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) if (typeof value === "string") params.set(key, value);
  const state = catalogueState(params);
  const { http, token } = await serverCalls();
  // Without a session the protected layout sends the browser to sign in; nothing is fetched.
  if (!token) return null;
  const queryClient = new QueryClient();
  const [list, counts, domains] = await Promise.all([
    loadPart<CatalogueList>(async () =>
      state.tab === "programs"
        ? { kind: "programs", programs: await queryClient.fetchQuery(programListQuery(state, http)) }
        : { kind: "courses", ...(await queryClient.fetchQuery(courseListQuery(state, http))) },
    ),
    loadPart(() => queryClient.fetchQuery(catalogueCountQuery(state, http))),
    loadPart(() => queryClient.fetchQuery(catalogueQueries.getCourseDomains(http))),
  ]);
  const t = await getTranslations("catalogue");
  const parts: CatalogueParts = {
    list,
    counts: "data" in counts ? { "in-progress": counts.data.onProgressCount, all: counts.data.allCount, programs: counts.data.bundledCount } : {},
    domains: "data" in domains ? domains.data : [],
  };
  return (
    <ClientMessages namespaces={["catalogue"]}>
      {params.get("resume") === "none" && (
        <p role="status" className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900 dark:text-brand-50">
          {t("resumeNone")}
        </p>
      )}
      <CourseCatalogue state={state} parts={parts} />
    </ClientMessages>
  );
}
