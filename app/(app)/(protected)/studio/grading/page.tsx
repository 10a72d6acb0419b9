import type { Metadata } from "next";
import { GradingPage } from "@/components/studio-grading/grading-page";

export const metadata: Metadata = { title: "Grading" };

export default function StudioGradingPage() {
  return <GradingPage />;
}
