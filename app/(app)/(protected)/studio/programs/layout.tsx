import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AdminOnly } from "@/components/studio-people/admin-only";

// Programs and their courses (docs/programs.md) are for administrators.
export default function StudioProgramsLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("studioPrograms.admin");
  return (
    <AdminOnly section={t("section")} purpose={t("purpose")}>
      <ClientMessages namespaces={["studioPrograms"]}>{children}</ClientMessages>
    </AdminOnly>
  );
}
