import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { JobsPage } from "@/components/studio-jobs/jobs-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioJobs.meta");
  return { title: t("title") };
}

export default function StudioJobsPage() {
  return (
    <ClientMessages namespaces={["studioJobs"]}>
      <JobsPage />
    </ClientMessages>
  );
}
