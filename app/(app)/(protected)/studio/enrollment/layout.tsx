import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// The enrollment page (docs/enrollment.md) is for administrators.
export default function StudioEnrollmentLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly section="Enrollment" purpose="Enrolling people">
      {children}
    </AdminOnly>
  );
}
