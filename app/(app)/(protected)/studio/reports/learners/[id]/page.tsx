import type { Metadata } from "next";
import { LearnerReportPage } from "@/components/studio-reports/learner-report-page";

export const metadata: Metadata = { title: "Learner report" };

export default async function StudioLearnerReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <LearnerReportPage id={id} />;
}
