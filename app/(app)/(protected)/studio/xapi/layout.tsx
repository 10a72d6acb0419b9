import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// The xAPI statements and their export (docs/scorm-xapi.md) are for administrators.
export default function StudioXapiLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly section="xAPI" purpose="Exporting xAPI statements">
      {children}
    </AdminOnly>
  );
}
