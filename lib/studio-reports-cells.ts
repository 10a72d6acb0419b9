import type { CallResponse } from "@/lib/contract/call";
import type * as calls from "@/lib/api/call-routes";

/**
 * The report's table as text: its header and each row's cells. The page's table and the CSV file
 * both print exactly these, so the downloaded file says what the table shows.
 */
export type ReportRow = CallResponse<typeof calls.listReportLearners>["rows"][number];
export type ReportColumns = CallResponse<typeof calls.listReportLearners>["columns"];

/** A date as the report prints it: the UTC day, YYYY-MM-DD. */
export const reportDate = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

export function reportHeader(columns: ReportColumns): string[] {
  return [
    "Name",
    "E-mail",
    "Batches",
    "Enrolled",
    "Started",
    "Progress",
    "Videos complete",
    "Minutes watched",
    ...columns.mcqBlocks.map((b) => `Quiz: ${b.title}`),
    ...columns.essays.map((e) => `Essay: ${e.title}`),
    "Completed",
    "Certificates",
  ];
}

const ESSAY_STATUS = { notStarted: "Not started", onProgress: "Draft", awaitingResults: "Awaiting grade", resultsReceived: "Graded" } as const;

export function reportCells(row: ReportRow): string[] {
  return [
    row.name,
    row.email,
    row.batches.join("; "),
    reportDate(row.enrolledAt),
    row.startedAt ? reportDate(row.startedAt) : "Not started",
    `${row.progressPercent}%`,
    `${row.completedVideos} / ${row.totalVideos}`,
    String(row.watchedMinutes),
    ...row.mcq.map((m) =>
      m.scorePercent === null ? (m.attempts ? "In progress" : "Not attempted") : `${m.scorePercent}%${m.passed ? " (passed)" : ""}`,
    ),
    ...row.essays.map((e) => {
      const status = ESSAY_STATUS[e.status];
      if (e.status !== "resultsReceived" || e.obtainedMarks === null) return status;
      return `${status} ${e.obtainedMarks} / ${e.totalMarks ?? 0}${e.passed ? " (passed)" : ""}`;
    }),
    reportDate(row.completedAt),
    row.certificates.map((c) => `${c.title} (${reportDate(c.issuedAt)}${c.revoked ? ", revoked" : ""})`).join("; "),
  ];
}
