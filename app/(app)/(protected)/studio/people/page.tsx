import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PeoplePage } from "@/components/studio-people/people-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioPeople.titles");
  return { title: t("people") };
}

export default function StudioPeoplePage() {
  return (
    <ClientMessages namespaces={["studioPeople"]}>
      <PeoplePage />
    </ClientMessages>
  );
}
