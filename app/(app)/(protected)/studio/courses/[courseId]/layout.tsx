import type { ReactNode } from "react";
import { CourseTabs } from "@/components/studio-content/course-tabs";

export default async function StudioCourseLayout({ children, params }: { children: ReactNode; params: Promise<{ courseId: string }> }) {
  const { courseId } = await params;
  return (
    <>
      <CourseTabs courseId={courseId} />
      {children}
    </>
  );
}
