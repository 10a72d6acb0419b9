import type { Metadata } from "next";
import { SessionsPage } from "@/components/studio-sessions/sessions-page";

export const metadata: Metadata = { title: "Group sessions" };

export default async function StudioSessionsPage({ searchParams }: { searchParams: Promise<{ range?: string }> }) {
  const { range } = await searchParams;
  return <SessionsPage key={range === "past" ? "past" : "upcoming"} range={range === "past" ? "past" : "upcoming"} />;
}
