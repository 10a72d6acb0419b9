import type { Metadata } from "next";
import { PublishPanel } from "@/components/studio-content/publish-panel";

export const metadata: Metadata = { title: "Publish · Studio" };

export default async function StudioCoursePublishPage({ params }: { params: Promise<{ courseId: string }> }) {
  const { courseId } = await params;
  return <PublishPanel courseId={courseId} />;
}
