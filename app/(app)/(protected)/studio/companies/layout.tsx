import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AdminOnly } from "@/components/studio-people/admin-only";

// Companies and their branding (docs/companies.md) are for administrators. The preview of a company's
// sign-in page draws the sign-in page's own components, with its texts.
// The logo and background fields are the studio's upload field, with its texts.
export default function StudioCompaniesLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("studioCompanies.admin");
  return (
    <AdminOnly section={t("section")} purpose={t("purpose")}>
      <ClientMessages namespaces={["signIn", "studioItems", "studioCompanies"]}>{children}</ClientMessages>
    </AdminOnly>
  );
}
