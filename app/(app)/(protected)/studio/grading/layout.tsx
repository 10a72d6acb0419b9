import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// Grading oversight (docs/grading.md) is for administrators.
export default function StudioGradingLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly section="Grading" purpose="Overseeing grading">
      {children}
    </AdminOnly>
  );
}
