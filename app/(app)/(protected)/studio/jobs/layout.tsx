import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// The job queue (docs/jobs.md) is for administrators.
export default function StudioJobsLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly section="Jobs" purpose="The job queue">
      {children}
    </AdminOnly>
  );
}
