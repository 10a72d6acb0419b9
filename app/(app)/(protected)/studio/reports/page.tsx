import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ReportsPage } from "@/components/studio-reports/reports-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioReports.meta");
  return { title: t("list") };
}

export default function StudioReportsPage() {
  return <ReportsPage />;
}
