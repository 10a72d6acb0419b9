import "server-only";
import type { Deps } from "../../deps";
import { buildRows, loadLearnerPage } from "./report-rows";
import { resolveScope, type ReportFilter, type ReportOrder, type ReportSort } from "./report-scope";

export interface ReportRowsQuery extends ReportFilter {
  sort: ReportSort;
  order: ReportOrder;
  limit: number;
  cursor?: string;
}

/** GET /studio/reports/learners: a page of the report's learner rows and its columns. */
export async function listReportLearners(deps: Deps, query: ReportRowsQuery) {
  const scope = await resolveScope(deps, query);
  const page = await loadLearnerPage(deps, scope, query.sort, query.order, query.limit, query.cursor);
  return {
    columns: { scope: scope.kind, mcqBlocks: scope.mcqBlocks, essays: scope.essays },
    rows: await buildRows(deps, scope, page.learners, { cells: true }),
    hasMore: page.hasMore,
    nextCursor: page.nextCursor,
  };
}
