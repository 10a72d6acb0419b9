import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AdminOnly } from "@/components/studio-people/admin-only";

// The report pages (docs/reports.md) are for administrators.
export default function StudioReportsLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("studioReports.admin");
  return (
    <AdminOnly section={t("section")} purpose={t("purpose")}>
      <ClientMessages namespaces={["studioReports"]}>{children}</ClientMessages>
    </AdminOnly>
  );
}
