import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// The audit log (docs/people.md) is for administrators.
export default function StudioAuditLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly section="Audit log" purpose="The audit log">
      {children}
    </AdminOnly>
  );
}
