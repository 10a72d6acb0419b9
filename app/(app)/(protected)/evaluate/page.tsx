import type { Metadata } from "next";
import { Suspense } from "react";
import { GradersOnly } from "@/components/grading/graders-only";
import { SubmissionList } from "@/components/grading/submission-list";

export const metadata: Metadata = { title: "Evaluate essays" };

export default function EvaluatePage() {
  return (
    <GradersOnly>
      <Suspense fallback={<div className="skeleton h-96 w-full" />}>
        <SubmissionList />
      </Suspense>
    </GradersOnly>
  );
}
