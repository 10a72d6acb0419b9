import type { Metadata } from "next";
import { SessionPage } from "@/components/studio-sessions/session-page";

export const metadata: Metadata = { title: "Group session" };

export default async function StudioSessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SessionPage id={id} />;
}
