import type { Metadata } from "next";
import { GradersOnly } from "@/components/grading/graders-only";
import { SubmissionGrader } from "@/components/grading/submission-grader";

export const metadata: Metadata = { title: "Evaluate an essay" };

export default async function EvaluateSubmissionPage({ params }: { params: Promise<{ submissionId: string }> }) {
  const { submissionId } = await params;
  return (
    <GradersOnly>
      <SubmissionGrader key={submissionId} submissionId={submissionId} />
    </GradersOnly>
  );
}
