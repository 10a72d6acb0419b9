import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// The xAPI statements and their export (docs/scorm-xapi.md) are for administrators.
export default function StudioXapiLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("xapi.admin");
  return (
    <AdminOnly section={t("section")} purpose={t("purpose")}>
      {children}
    </AdminOnly>
  );
}
