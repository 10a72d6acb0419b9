import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// The job queue (docs/jobs.md) is for administrators.
export default function StudioJobsLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("studioJobs.admin");
  return (
    <AdminOnly section={t("section")} purpose={t("purpose")}>
      {children}
    </AdminOnly>
  );
}
