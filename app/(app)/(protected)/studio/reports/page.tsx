import type { Metadata } from "next";
import { ReportsPage } from "@/components/studio-reports/reports-page";

export const metadata: Metadata = { title: "Reports" };

export default function StudioReportsPage() {
  return <ReportsPage />;
}
