import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// The enrollment page (docs/enrollment.md) is for administrators.
export default function StudioEnrollmentLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("studioEnrollment.access");
  return (
    <AdminOnly section={t("section")} purpose={t("purpose")}>
      {children}
    </AdminOnly>
  );
}
