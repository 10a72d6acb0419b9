import type { Metadata } from "next";
import { EnrollmentPage } from "@/components/studio-enrollment/enrollment-page";

export const metadata: Metadata = { title: "Enrollment" };

export default function StudioEnrollmentPage() {
  return <EnrollmentPage />;
}
