import type { Metadata } from "next";
import { BatchesPage } from "@/components/studio-batches/batches-page";

export const metadata: Metadata = { title: "Batches" };

export default function StudioBatchesPage() {
  return <BatchesPage />;
}
