import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// The audit log (docs/people.md) is for administrators.
export default function StudioAuditLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("studioPeople.access");
  return (
    <AdminOnly section={t("auditSection")} purpose={t("auditPurpose")}>
      {children}
    </AdminOnly>
  );
}
