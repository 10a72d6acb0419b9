import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProgramsPage } from "@/components/studio-programs/programs-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioPrograms.meta");
  return { title: t("list") };
}

export default function StudioProgramsPage() {
  return <ProgramsPage />;
}
