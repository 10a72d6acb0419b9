import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { CourseSettingsForm } from "@/components/studio-content/course-settings-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioContent.titles");
  return { title: t("settings") };
}

export default async function StudioCourseSettingsPage({ params }: { params: Promise<{ courseId: string }> }) {
  const { courseId } = await params;
  // The cover's upload field has its texts with the item editors'.
  return (
    <ClientMessages namespaces={["studioItems"]}>
      <CourseSettingsForm courseId={courseId} />
    </ClientMessages>
  );
}
