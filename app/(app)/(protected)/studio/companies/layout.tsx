import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AdminOnly } from "@/components/studio-people/admin-only";

// Companies and their branding (docs/companies.md) are for administrators. The preview of a company's
// sign-in page draws the sign-in page's own components, with its texts.
// The logo and background fields are the studio's upload field, with its texts.
export default function StudioCompaniesLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly section="Companies" purpose="Managing companies">
      <ClientMessages namespaces={["signIn", "studioItems"]}>{children}</ClientMessages>
    </AdminOnly>
  );
}
