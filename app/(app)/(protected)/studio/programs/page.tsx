import type { Metadata } from "next";
import { ProgramsPage } from "@/components/studio-programs/programs-page";

export const metadata: Metadata = { title: "Programs" };

export default function StudioProgramsPage() {
  return <ProgramsPage />;
}
