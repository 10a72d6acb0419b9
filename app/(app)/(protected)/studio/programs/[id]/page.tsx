import type { Metadata } from "next";
import { ClientMessages } from "@/components/i18n/client-messages";
import { ProgramPage } from "@/components/studio-programs/program-page";

export const metadata: Metadata = { title: "Program" };

export default async function StudioProgramPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The cover's upload field has its texts with the studio's item editors'.
  return (
    <ClientMessages namespaces={["studioItems"]}>
      <ProgramPage id={id} />
    </ClientMessages>
  );
}
