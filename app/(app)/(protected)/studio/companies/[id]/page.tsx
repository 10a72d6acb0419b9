import type { Metadata } from "next";
import { CompanyPage } from "@/components/studio-companies/company-page";

export const metadata: Metadata = { title: "Company" };

export default async function StudioCompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CompanyPage id={id} />;
}
