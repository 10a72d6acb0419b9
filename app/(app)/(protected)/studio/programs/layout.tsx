import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// Programs and their courses (docs/programs.md) are for administrators.
export default function StudioProgramsLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly section="Programs" purpose="Managing programs">
      {children}
    </AdminOnly>
  );
}
