import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LearnerReportPage } from "@/components/studio-reports/learner-report-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioReports.meta");
  return { title: t("learner") };
}

export default async function StudioLearnerReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <LearnerReportPage id={id} />;
}
