import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { QueryProvider } from "@/components/shell/query-provider";
import { GradersOnly } from "@/components/grading/graders-only";
import { SubmissionGrader } from "@/components/grading/submission-grader";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("grading.titles");
  return { title: t("submission") };
}

export default async function EvaluateSubmissionPage({ params }: { params: Promise<{ submissionId: string }> }) {
  const { submissionId } = await params;
  return (
    <ClientMessages namespaces={["grading"]}>
      <QueryProvider>
        <GradersOnly>
          <SubmissionGrader key={submissionId} submissionId={submissionId} />
        </GradersOnly>
      </QueryProvider>
    </ClientMessages>
  );
}
