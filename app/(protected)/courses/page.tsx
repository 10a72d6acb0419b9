import type { Metadata } from "next";
import { Suspense } from "react";
import { CourseCatalogue } from "@/components/catalogue/course-catalogue";

export const metadata: Metadata = { title: "Courses" };

export default function CoursesPage() {
  return (
    <Suspense fallback={<div className="skeleton h-96 w-full" />}>
      <CourseCatalogue />
    </Suspense>
  );
}
