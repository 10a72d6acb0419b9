import { redirect } from "next/navigation";

// A course in the studio opens on its outline.
export default async function StudioCoursePage({ params }: { params: Promise<{ courseId: string }> }) {
  const { courseId } = await params;
  redirect(`/studio/courses/${courseId}/outline`);
}
