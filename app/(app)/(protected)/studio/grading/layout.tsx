import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// Grading oversight (docs/grading.md) is for administrators.
export default async function StudioGradingLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations("studioGrading.access");
  return (
    <AdminOnly section={t("section")} purpose={t("purpose")}>
      {children}
    </AdminOnly>
  );
}
