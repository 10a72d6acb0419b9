import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BatchesPage } from "@/components/studio-batches/batches-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioBatches.meta");
  return { title: t("list") };
}

export default function StudioBatchesPage() {
  return <BatchesPage />;
}
