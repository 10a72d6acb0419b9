import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { CourseTabs } from "@/components/studio-content/course-tabs";

// Every page of a course in the studio (outline, settings, preview, publish, an item's editor) speaks
// with the course authoring's words: its tabs, the conflict notice, the outline and the forms.
export default async function StudioCourseLayout({ children, params }: { children: ReactNode; params: Promise<{ courseId: string }> }) {
  const { courseId } = await params;
  return (
    <ClientMessages namespaces={["studioContent"]}>
      <CourseTabs courseId={courseId} />
      {children}
    </ClientMessages>
  );
}
