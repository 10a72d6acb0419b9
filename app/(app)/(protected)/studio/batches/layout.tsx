import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// Batches and their members (docs/batches.md) are for administrators.
export default function StudioBatchesLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly section="Batches" purpose="Managing batches">
      {children}
    </AdminOnly>
  );
}
