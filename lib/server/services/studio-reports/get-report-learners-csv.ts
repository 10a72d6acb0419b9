import "server-only";
import { stringify } from "csv-stringify/sync";
import { reportCells, reportHeader } from "@/lib/studio-reports-cells";
import type { Deps } from "../../deps";
import { reportChunks } from "./report-chunks";
import { resolveScope, type ReportFilter, type ReportOrder, type ReportSort } from "./report-scope";

/**
 * GET /studio/reports/learners.csv: the table's header and cells, row for row, as a CSV file that is
 * written while the rows are read (a chunk of learners at a time; the whole report is never held).
 * The filters are checked before the answer starts, so a bad one is a 400 and not a broken file.
 */
export async function getReportLearnersCsv(deps: Deps, query: ReportFilter & { sort: ReportSort; order: ReportOrder }) {
  const scope = await resolveScope(deps, query);
  const columns = { scope: scope.kind, mcqBlocks: scope.mcqBlocks, essays: scope.essays };
  const encoder = new TextEncoder();
  const chunks = reportChunks(deps, scope, query.sort, query.order, true, { wholeReport: true });
  let headerSent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        // A byte-order mark, so spreadsheet programs read the names' letters as UTF-8.
        controller.enqueue(encoder.encode(`\ufeff${stringify([reportHeader(columns)], { record_delimiter: "\r\n" })}`));
        return;
      }
      const next = await chunks.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(stringify(next.value.map((row) => reportCells(row)), { record_delimiter: "\r\n" })));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const day = deps.now().toISOString().slice(0, 10);
  return { fileName: `learners-${day}.csv`, stream };
}
