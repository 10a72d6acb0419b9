import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BatchPage } from "@/components/studio-batches/batch-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioBatches.meta");
  return { title: t("item") };
}

export default async function StudioBatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BatchPage id={id} />;
}
