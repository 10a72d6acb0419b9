import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// The report pages (docs/reports.md) are for administrators.
export default function StudioReportsLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly section="Reports" purpose="Reading learner reports">
      {children}
    </AdminOnly>
  );
}
