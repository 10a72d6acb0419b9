import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CoursePreview } from "@/components/studio-content/course-preview";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioContent.titles");
  return { title: t("preview") };
}

export default async function StudioCoursePreviewPage({ params, searchParams }: { params: Promise<{ courseId: string }>; searchParams: Promise<{ item?: string | string[] }> }) {
  const [{ courseId }, { item }] = await Promise.all([params, searchParams]);
  const itemId = Array.isArray(item) ? item[0] : item;
  return <CoursePreview key={itemId ?? ""} courseId={courseId} itemId={itemId} />;
}
