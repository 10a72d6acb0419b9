import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CompanyPage } from "@/components/studio-companies/company-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioCompanies.meta");
  return { title: t("item") };
}

export default async function StudioCompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CompanyPage id={id} />;
}
