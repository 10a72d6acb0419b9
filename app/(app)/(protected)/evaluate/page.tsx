import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { QueryProvider } from "@/components/shell/query-provider";
import { GradersOnly } from "@/components/grading/graders-only";
import { SubmissionList } from "@/components/grading/submission-list";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("grading.titles");
  return { title: t("list") };
}

export default function EvaluatePage() {
  return (
    <ClientMessages namespaces={["grading"]}>
      <QueryProvider>
        <GradersOnly>
          <Suspense fallback={<div className="skeleton h-96 w-full" />}>
            <SubmissionList />
          </Suspense>
        </GradersOnly>
      </QueryProvider>
    </ClientMessages>
  );
}
