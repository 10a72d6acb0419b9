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

/**
 * The words of the report's table. The CSV file keeps the English ones (a file opens the same in any
 * spreadsheet, whoever downloaded it); the page shows the same columns and cells in its own language.
 */
export interface ReportWords {
  header: Record<"name" | "email" | "batches" | "enrolled" | "started" | "progress" | "videosComplete" | "minutesWatched" | "completed" | "certificates", string>;
  quiz: (title: string) => string;
  essay: (title: string) => string;
  notStarted: string;
  inProgress: string;
  notAttempted: string;
  /** A score or grade that passed: "80% (passed)". */
  passed: (score: string) => string;
  essayStatus: Record<ReportRow["essays"][number]["status"], string>;
  /** A certificate: "Python (2026-03-05)", or "(2026-03-05, revoked)". */
  certificate: (title: string, date: string, revoked: boolean) => string;
}

export const ENGLISH_REPORT_WORDS: ReportWords = {
  header: {
    name: "Name",
    email: "E-mail",
    batches: "Batches",
    enrolled: "Enrolled",
    started: "Started",
    progress: "Progress",
    videosComplete: "Videos complete",
    minutesWatched: "Minutes watched",
    completed: "Completed",
    certificates: "Certificates",
  },
  quiz: (title) => `Quiz: ${title}`,
  essay: (title) => `Essay: ${title}`,
  notStarted: "Not started",
  inProgress: "In progress",
  notAttempted: "Not attempted",
  passed: (score) => `${score} (passed)`,
  essayStatus: { notStarted: "Not started", onProgress: "Draft", awaitingResults: "Awaiting grade", resultsReceived: "Graded" },
  certificate: (title, date, revoked) => `${title} (${date}${revoked ? ", revoked" : ""})`,
};

export function reportHeader(columns: ReportColumns, words: ReportWords = ENGLISH_REPORT_WORDS): string[] {
  const h = words.header;
  return [
    h.name,
    h.email,
    h.batches,
    h.enrolled,
    h.started,
    h.progress,
    h.videosComplete,
    h.minutesWatched,
    ...columns.mcqBlocks.map((b) => words.quiz(b.title)),
    ...columns.essays.map((e) => words.essay(e.title)),
    h.completed,
    h.certificates,
  ];
}

export function reportCells(row: ReportRow, words: ReportWords = ENGLISH_REPORT_WORDS): string[] {
  const passed = (score: string, yes: boolean) => (yes ? words.passed(score) : score);
  return [
    row.name,
    row.email,
    row.batches.join("; "),
    reportDate(row.enrolledAt),
    row.startedAt ? reportDate(row.startedAt) : words.notStarted,
    `${row.progressPercent}%`,
    `${row.completedVideos} / ${row.totalVideos}`,
    String(row.watchedMinutes),
    ...row.mcq.map((m) => (m.scorePercent === null ? (m.attempts ? words.inProgress : words.notAttempted) : passed(`${m.scorePercent}%`, m.passed))),
    ...row.essays.map((e) => {
      const status = words.essayStatus[e.status];
      if (e.status !== "resultsReceived" || e.obtainedMarks === null) return status;
      return passed(`${status} ${e.obtainedMarks} / ${e.totalMarks ?? 0}`, e.passed);
    }),
    reportDate(row.completedAt),
    row.certificates.map((c) => words.certificate(c.title, reportDate(c.issuedAt), c.revoked)).join("; "),
  ];
}
