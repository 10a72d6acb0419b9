import type { Metadata } from "next";
import { ProgramPage } from "@/components/studio-programs/program-page";

export const metadata: Metadata = { title: "Program" };

export default async function StudioProgramPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ProgramPage id={id} />;
}
