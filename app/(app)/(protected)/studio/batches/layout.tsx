import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AdminOnly } from "@/components/studio-people/admin-only";

// Batches and their members (docs/batches.md) are for administrators.
export default function StudioBatchesLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("studioBatches.admin");
  return (
    <AdminOnly section={t("section")} purpose={t("purpose")}>
      <ClientMessages namespaces={["studioBatches"]}>{children}</ClientMessages>
    </AdminOnly>
  );
}
