import type { Metadata } from "next";
import { CompaniesPage } from "@/components/studio-companies/companies-page";

export const metadata: Metadata = { title: "Companies" };

export default function StudioCompaniesPage() {
  return <CompaniesPage />;
}
