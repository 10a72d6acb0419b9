import type { Metadata } from "next";
import { CourseSettingsForm } from "@/components/studio-content/course-settings-form";

export const metadata: Metadata = { title: "Course settings · Studio" };

export default async function StudioCourseSettingsPage({ params }: { params: Promise<{ courseId: string }> }) {
  const { courseId } = await params;
  return <CourseSettingsForm courseId={courseId} />;
}
