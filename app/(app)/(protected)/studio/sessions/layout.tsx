import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AdminOnly } from "@/components/studio-people/admin-only";

// Group sessions (docs/meetings.md, "In the studio") are for administrators.
export default function StudioSessionsLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("studioSessions.admin");
  return (
    <AdminOnly section={t("section")} purpose={t("purpose")}>
      <ClientMessages namespaces={["studioSessions"]}>{children}</ClientMessages>
    </AdminOnly>
  );
}
