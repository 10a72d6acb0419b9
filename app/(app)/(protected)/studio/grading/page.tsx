import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { GradingPage } from "@/components/studio-grading/grading-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioGrading");
  return { title: t("title") };
}

export default function StudioGradingPage() {
  return (
    <ClientMessages namespaces={["studioGrading"]}>
      <GradingPage />
    </ClientMessages>
  );
}
