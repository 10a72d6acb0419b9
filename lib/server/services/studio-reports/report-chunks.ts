import "server-only";
import type { Deps } from "../../deps";
import { buildRows, loadLearnerPage, type ReportRow } from "./report-rows";
import type { ReportOrder, ReportScope, ReportSort } from "./report-scope";

/** Learners per chunk when a whole report is read (the summary, the CSV): five statements each (at 500, a 100,000-learner CSV ran a thousand statements, and their round trips and planning were a third of its time). */
export const REPORT_CHUNK = 2000;

/** Every row of a report, a keyset page at a time: only one chunk is held at once. */
export async function* reportChunks(deps: Deps, scope: ReportScope, sort: ReportSort, order: ReportOrder, cells: boolean): AsyncGenerator<ReportRow[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await loadLearnerPage(deps, scope, sort, order, REPORT_CHUNK, cursor);
    const rows = await buildRows(deps, scope, page.learners, { cells });
    if (rows.length) yield rows;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
