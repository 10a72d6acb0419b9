import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CareerServicesView } from "@/components/career-services/career-services-view";
import { ClientMessages } from "@/components/i18n/client-messages";
import { careerServicesQueries } from "@/lib/api/career-services";
import { serverCalls } from "@/lib/server/page-calls";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("careerServices");
  return { title: t("title") };
}

// The services are fetched while the page renders; the learner's figures too when they have access
// (the services' answer says so), so the browser draws the page without a request.
export default async function CareerServicesPage() {
  const { http, token } = await serverCalls();
  const queryClient = new QueryClient();
  if (token) {
    const services = await queryClient.fetchQuery(careerServicesQueries.getCareerServices(http)).catch(() => null);
    if (services?.hasCareerServicesAccess) await queryClient.prefetchQuery(careerServicesQueries.getCareerServicesStatistics(http));
  }
  return (
    <ClientMessages namespaces={["careerServices"]}>
      <PageData state={dehydrate(queryClient)}>
        <CareerServicesView />
      </PageData>
    </ClientMessages>
  );
}
