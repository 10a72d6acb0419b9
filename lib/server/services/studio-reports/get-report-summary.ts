import "server-only";
import type { Deps } from "../../deps";
import { reportChunks } from "./report-chunks";
import { resolveScope, type ReportFilter } from "./report-scope";

/** Progress at or above which a learner is half-way in the funnel. */
export const HALFWAY_PERCENT = 50;

/**
 * GET /studio/reports/summary: the funnel and totals of the learners the filters keep, from the very
 * rows the table shows (read a chunk at a time, none kept).
 */
export async function getReportSummary(deps: Deps, filter: ReportFilter) {
  const scope = await resolveScope(deps, filter);
  const totals = { learners: 0, started: 0, halfway: 0, completed: 0, progress: 0, certificates: 0 };
  for await (const rows of reportChunks(deps, scope, "email", "asc", false)) {
    for (const row of rows) {
      totals.learners++;
      if (row.startedAt !== null) totals.started++;
      if (row.progressPercent >= HALFWAY_PERCENT) totals.halfway++;
      if (row.completedAt !== null) totals.completed++;
      totals.progress += row.progressPercent;
      totals.certificates += row.certificates.filter((c) => !c.revoked).length;
    }
  }
  return {
    learners: totals.learners,
    funnel: { enrolled: totals.learners, started: totals.started, halfway: totals.halfway, completed: totals.completed },
    averageProgressPercent: totals.learners ? Math.floor(totals.progress / totals.learners) : 0,
    certificates: totals.certificates,
  };
}
