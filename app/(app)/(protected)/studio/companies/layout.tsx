import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// Companies and their branding (docs/companies.md) are for administrators.
export default function StudioCompaniesLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly section="Companies" purpose="Managing companies">
      {children}
    </AdminOnly>
  );
}
