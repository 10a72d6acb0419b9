import "server-only";
import type { Deps } from "../../deps";
import { buildRows, loadLearnerPage, type ReportRow } from "./report-rows";
import type { ReportOrder, ReportScope, ReportSort } from "./report-scope";

/** Learners per chunk when a whole report is read (the summary, the CSV): five statements each, so a 100,000-learner CSV runs about 250 statements, not a thousand. */
export const REPORT_CHUNK = 2000;

/**
 * Every row of a report, a keyset page at a time: while one chunk is being written, the next is
 * already read (its learners, then their figures), so the database's work overlaps the writing. At
 * most two chunks are held at once.
 */
export async function* reportChunks(deps: Deps, scope: ReportScope, sort: ReportSort, order: ReportOrder, cells: boolean): AsyncGenerator<ReportRow[]> {
  const read = async (cursor: string | undefined) => {
    const page = await loadLearnerPage(deps, scope, sort, order, REPORT_CHUNK, cursor);
    return { rows: await buildRows(deps, scope, page.learners, { cells }), nextCursor: page.nextCursor };
  };
  // A read ahead that fails before it is awaited is not an unhandled rejection: awaiting it still throws.
  const ahead = (cursor: string | undefined) => {
    const reading = read(cursor);
    reading.catch(() => undefined);
    return reading;
  };
  let next: ReturnType<typeof read> | null = ahead(undefined);
  try {
    while (next) {
      const chunk: Awaited<ReturnType<typeof read>> = await next;
      next = chunk.nextCursor ? ahead(chunk.nextCursor) : null;
      if (chunk.rows.length) yield chunk.rows;
    }
  } finally {
    // Stopped early (the download was cancelled): the chunk read ahead is dropped.
    next = null;
  }
}
