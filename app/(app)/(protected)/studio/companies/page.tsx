import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CompaniesPage } from "@/components/studio-companies/companies-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioCompanies.meta");
  return { title: t("list") };
}

export default function StudioCompaniesPage() {
  return <CompaniesPage />;
}
