import type { Metadata } from "next";
import { JobsPage } from "@/components/studio-jobs/jobs-page";

export const metadata: Metadata = { title: "Jobs" };

export default function StudioJobsPage() {
  return <JobsPage />;
}
