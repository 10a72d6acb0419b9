import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ReportWords } from "@/lib/studio-reports-cells";

/** The report table's words in the page's language (the CSV file keeps the English ones). */
export function useReportWords(): ReportWords {
  const t = useTranslations("studioReports.table");
  return useMemo(
    () => ({
      header: {
        name: t("header.name"),
        email: t("header.email"),
        batches: t("header.batches"),
        enrolled: t("header.enrolled"),
        started: t("header.started"),
        progress: t("header.progress"),
        videosComplete: t("header.videosComplete"),
        minutesWatched: t("header.minutesWatched"),
        completed: t("header.completed"),
        certificates: t("header.certificates"),
      },
      quiz: (title) => t("quiz", { title }),
      essay: (title) => t("essay", { title }),
      notStarted: t("notStarted"),
      inProgress: t("inProgress"),
      notAttempted: t("notAttempted"),
      passed: (score) => t("passed", { score }),
      essayStatus: {
        notStarted: t("essayStatus.notStarted"),
        onProgress: t("essayStatus.onProgress"),
        awaitingResults: t("essayStatus.awaitingResults"),
        resultsReceived: t("essayStatus.resultsReceived"),
      },
      certificate: (title, date, revoked) => t("certificate", { title, date, revoked: revoked ? "yes" : "no" }),
    }),
    [t],
  );
}
