import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { StudioHome } from "@/components/studio-content/studio-home";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioContent.titles");
  return { title: t("studio") };
}

export default function StudioPage() {
  return (
    <ClientMessages namespaces={["studioContent"]}>
      <StudioHome />
    </ClientMessages>
  );
}
