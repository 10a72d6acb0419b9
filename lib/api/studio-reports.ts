import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallQuery, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// The studio's learner reports (docs/reports.md), for administrators.

export type ReportQuery = Omit<NonNullable<CallQuery<typeof calls.listReportLearners>>, "cursor" | "limit">;
export type ReportFilterQuery = Pick<ReportQuery, "program" | "batch" | "course">;
export type ReportPage = CallResponse<typeof calls.listReportLearners>;
export type ReportSummary = CallResponse<typeof calls.getReportSummary>;
export type ReportLearner = CallResponse<typeof calls.getReportLearner>;

/** The filters and sort as the calls take them: unset ones left out. */
const defined = <T extends object>(query: T) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== "")) as T;

export const studioReportsQueries = {
  all: ["studio", "reports"] as const,
  listReportFilters: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "reports", "filters"], queryFn: () => callApi(calls.listReportFilters, {}, client), staleTime: 60_000 }),
  listReportLearners: (query: ReportQuery, cursor: string | undefined, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "reports", "learners", defined(query), cursor ?? null],
      queryFn: () => callApi(calls.listReportLearners, { query: { ...defined(query), limit: 50, ...(cursor ? { cursor } : {}) } }, client),
      retry: false,
    }),
  getReportSummary: (query: ReportFilterQuery, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "reports", "summary", defined(query)], queryFn: () => callApi(calls.getReportSummary, { query: defined(query) }, client), retry: false }),
  getReportLearner: (id: string, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "reports", "learner", id], queryFn: () => callApi(calls.getReportLearner, { query: { id } }, client), retry: false }),
};

/**
 * Fetches the report's CSV file for these filters and sort (the request carries the session token)
 * and hands it to the browser as a download, led by a byte-order mark (the text decoder read the server's
 * away) so spreadsheet programs read it as UTF-8.
 */
export async function getReportLearnersCsv(query: ReportQuery, client: HttpClient = browserHttp): Promise<void> {
  const res = await client.request<string>({ method: "GET", url: calls.getReportLearnersCsv.fullPath, params: defined(query) as never, responseType: "text" });
  const url = URL.createObjectURL(new Blob(["\ufeff", res.data], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `learners-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
