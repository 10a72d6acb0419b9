import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallQuery, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// xAPI statements of learning events and their delivery to the LRS, for administrators (docs/scorm-xapi.md).

export type XapiStatementsQuery = Omit<NonNullable<CallQuery<typeof calls.listXapiStatements>>, "before">;
export type XapiStatementRow = CallResponse<typeof calls.listXapiStatements>["statements"][number];
export type XapiExport = CallResponse<typeof calls.exportXapiStatements>;

export const xapiQueries = {
  all: ["studio", "xapi"] as const,
  listXapiStatements: (query: XapiStatementsQuery, before: string | undefined, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "xapi", "statements", query, before ?? null],
      queryFn: () => callApi(calls.listXapiStatements, { query: { ...query, ...(before ? { before } : {}) } }, client),
    }),
};

/** The statements of a date range (UTC days, both included), as JSON. */
export const exportXapiStatements = (from: string, to: string) => callApi(calls.exportXapiStatements, { query: { from, to } });
