import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// Group sessions (docs/meetings.md, "In the studio") are for administrators.
export default function StudioSessionsLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly section="Group sessions" purpose="Managing group sessions">
      {children}
    </AdminOnly>
  );
}
