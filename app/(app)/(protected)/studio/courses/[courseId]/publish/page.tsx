import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PublishPanel } from "@/components/studio-content/publish-panel";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioContent.titles");
  return { title: t("publish") };
}

export default async function StudioCoursePublishPage({ params }: { params: Promise<{ courseId: string }> }) {
  const { courseId } = await params;
  return <PublishPanel courseId={courseId} />;
}
