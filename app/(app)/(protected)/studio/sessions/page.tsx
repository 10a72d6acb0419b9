import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SessionsPage } from "@/components/studio-sessions/sessions-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioSessions.meta");
  return { title: t("list") };
}

export default async function StudioSessionsPage({ searchParams }: { searchParams: Promise<{ range?: string }> }) {
  const { range } = await searchParams;
  return <SessionsPage key={range === "past" ? "past" : "upcoming"} range={range === "past" ? "past" : "upcoming"} />;
}
