import type { Metadata } from "next";
import { BatchPage } from "@/components/studio-batches/batch-page";

export const metadata: Metadata = { title: "Batch" };

export default async function StudioBatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BatchPage id={id} />;
}
