import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SessionPage } from "@/components/studio-sessions/session-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioSessions.meta");
  return { title: t("item") };
}

export default async function StudioSessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SessionPage id={id} />;
}
