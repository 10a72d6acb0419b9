import type { Metadata } from "next";
import { ClientMessages } from "@/components/i18n/client-messages";
import { getTranslations } from "next-intl/server";
import { ProgramPage } from "@/components/studio-programs/program-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioPrograms.meta");
  return { title: t("item") };
}

export default async function StudioProgramPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The cover field has its texts with the course settings' and its upload field's with the item editors'.
  return (
    <ClientMessages namespaces={["studioItems", "studioContent"]}>
      <ProgramPage id={id} />
    </ClientMessages>
  );
}
