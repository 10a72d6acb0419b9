// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useReportWords } from "@/components/studio-reports/report-words";
import { reportCells, reportHeader, type ReportColumns, type ReportRow } from "@/lib/studio-reports-cells";
import type { Locale } from "@/lib/i18n/languages";
import { inLanguage } from "../support/intl";

afterEach(cleanup);

const columns = { scope: "course", mcqBlocks: [{ id: "q1", title: "Sketching basics" }], essays: [{ id: "e1", title: "Design review" }, { id: "e2", title: "Tolerances" }] } as unknown as ReportColumns;

/** A learner with every kind of cell: started, a passed quiz, a graded and passed essay, a draft, a revoked certificate. */
const row = {
  userId: "u1",
  name: "Asha Rao",
  email: "asha@example.com",
  batches: ["embedded-2024"],
  enrolledAt: "2026-03-01T10:00:00.000Z",
  startedAt: null,
  progressPercent: 40,
  completedVideos: 2,
  totalVideos: 5,
  watchedMinutes: 31,
  mcq: [{ scorePercent: 80, passed: true, attempts: 1 }],
  essays: [
    { status: "resultsReceived", obtainedMarks: 8, totalMarks: 10, passed: true },
    { status: "onProgress", obtainedMarks: null, totalMarks: 10, passed: false },
  ],
  completedAt: null,
  certificates: [{ title: "CAD Fundamentals", issuedAt: "2026-03-05T00:00:00.000Z", revoked: true }],
} as unknown as ReportRow;

/** The report's table as the page prints it, one line per row, cells separated by " | ". */
function Table() {
  const words = useReportWords();
  return (
    <pre>
      {[reportHeader(columns, words), reportCells(row, words)].map((cells) => cells.join(" | ")).join("\n")}
    </pre>
  );
}

const tableIn = (locale: Locale) => {
  cleanup();
  render(inLanguage(<Table />, locale));
  return screen.getByText(/./).textContent!;
};

describe("the report's table in the page's language", () => {
  it("says in English exactly what the CSV file says", () => {
    const csv = [reportHeader(columns), reportCells(row)].map((cells) => cells.join(" | ")).join("\n");
    expect(tableIn("en")).toBe(csv);
    expect(csv).toContain("Not started | 40% | 2 / 5 | 31 | 80% (passed) | Graded 8 / 10 (passed) | Draft |  | CAD Fundamentals (2026-03-05, revoked)");
  });

  it("has its columns and words in Hindi, Tamil and Telugu, and keeps the names, e-mails and titles as written", () => {
    const english = tableIn("en");
    for (const [locale, word] of [["hi", "प्रगति"], ["ta", "முன்னேற்றம்"], ["te", "పురోగతి"]] as const) {
      const table = tableIn(locale);
      expect(table).toContain(word);
      for (const kept of ["Asha Rao", "asha@example.com", "Sketching basics", "Design review", "CAD Fundamentals", "2026-03-05", "80%"]) expect(table).toContain(kept);
      for (const englishWord of ["Progress", "Not started", "(passed)", "Draft", "revoked", "Quiz:", "Essay:"]) expect(table, `${locale} shows "${englishWord}"`).not.toContain(englishWord);
      expect(table).not.toBe(english);
    }
  });
});
