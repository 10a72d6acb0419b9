import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProgramPage } from "@/components/studio-programs/program-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioPrograms.meta");
  return { title: t("item") };
}

export default async function StudioProgramPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ProgramPage id={id} />;
}
