import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { LearningPathsView } from "@/components/learning-paths/learning-paths-view";
import { dashboardQueries } from "@/lib/api/dashboard";
import { learningPathsQueries } from "@/lib/api/learning-paths";
import { serverCalls } from "@/lib/server/page-calls";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("learningPaths.titles");
  return { title: t("paths") };
}

// The learner's path and programs are fetched while the page renders, through the queries the browser
// uses, so the first HTML holds them and the browser sends no request to draw the page.
export default async function LearningPathsPage() {
  const { http, token } = await serverCalls();
  const queryClient = new QueryClient();
  if (token) {
    await Promise.all([queryClient.prefetchQuery(learningPathsQueries.getLearningPathProgress(undefined, http)), queryClient.prefetchQuery(dashboardQueries.listEnrolledPrograms(http))]);
  }
  return (
    <ClientMessages namespaces={["learningPaths"]}>
      <PageData state={dehydrate(queryClient)}>
        <LearningPathsView />
      </PageData>
    </ClientMessages>
  );
}
