import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { notFound, redirect } from "next/navigation";
import { ProgramPathView } from "@/components/learning-paths/program-path-view";
import { errorStatus } from "@/lib/api/errors";
import { learningPathsQueries } from "@/lib/api/learning-paths";
import { LEARNING_PATHS, learningPathPath } from "@/lib/learning-path-address";
import { serverCalls } from "@/lib/server/page-calls";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("learningPaths.titles");
  return { title: t("path") };
}

type Params = Promise<{ slug: string; descriptionSlug: string; programLengthSlug: string; programDurationSlug: string; id: string }>;

// Only the id names the program. Its progress is fetched while the page renders; an id that names no
// program shows the not-found page, and an address whose other parts are out of date (a renamed
// program, a course added) is sent to the current one.
export default async function LearningPathPage({ params }: { params: Params }) {
  const [{ http, token }, p] = await Promise.all([serverCalls(), params]);
  const queryClient = new QueryClient();
  if (token) {
    const program = await queryClient.fetchQuery(learningPathsQueries.getCourseBundleProgress(p.id, http)).catch((e: unknown) => {
      if (errorStatus(e) === 404) notFound();
      return null;
    });
    const asked = `${LEARNING_PATHS}/${[p.slug, p.descriptionSlug, p.programLengthSlug, p.programDurationSlug, encodeURIComponent(p.id)].join("/")}`;
    if (program && learningPathPath(program) !== asked) redirect(learningPathPath(program));
  }
  return (
    <ClientMessages namespaces={["learningPaths"]}>
      <PageData state={dehydrate(queryClient)}>
        <ProgramPathView programId={p.id} />
      </PageData>
    </ClientMessages>
  );
}
