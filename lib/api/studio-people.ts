import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallQuery, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";
import { attachmentName, saveDownload } from "@/lib/browser/download";

// The studio's people calls (docs/people.md), for administrators.

export type PeopleQuery = Omit<NonNullable<CallQuery<typeof calls.listPeople>>, "cursor">;
export type AuditQuery = Omit<NonNullable<CallQuery<typeof calls.listAudit>>, "cursor">;

export const studioPeopleQueries = {
  all: ["studio", "people"] as const,
  /** Every page of the audit log, whatever its filters. */
  audit: ["studio", "people", "audit"] as const,
  listPeople: (query: PeopleQuery, cursor: string | undefined, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "people", "list", query, cursor ?? null],
      queryFn: () => callApi(calls.listPeople, { query: { ...query, ...(cursor ? { cursor } : {}) } }, client),
    }),
  getPerson: (id: string, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "people", "person", id], queryFn: () => callApi(calls.getPerson, { query: { id } }, client), retry: false }),
  getPersonCareerServices: (id: string, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "people", "career-services", id], queryFn: () => callApi(calls.getPersonCareerServices, { query: { id } }, client) }),
  listAudit: (query: AuditQuery, cursor?: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: [...studioPeopleQueries.audit, query, cursor ?? null],
      queryFn: () => callApi(calls.listAudit, { query: { ...query, ...(cursor ? { cursor } : {}) } }, client),
    }),
  listPersonTimedBlocks: (id: string, client: HttpClient = browserHttp) =>
    infiniteQueryOptions({
      queryKey: ["studio", "people", "timed-blocks", id],
      queryFn: ({ pageParam }) => callApi(calls.listPersonTimedBlocks, { query: { id, limit: 50, ...(pageParam ? { cursor: pageParam } : {}) } }, client),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
};

export type StudioPerson = CallResponse<typeof calls.createPerson>["person"];
export type CareerServicesRecord = CallResponse<typeof calls.getPersonCareerServices>["careerServices"];
export const updatePersonCareerServices = (body: CallBody<typeof calls.updatePersonCareerServices>) => callApi(calls.updatePersonCareerServices, { body });
export type AuditEntry = CallResponse<typeof calls.listAudit>["entries"][number];
export type ImportResult = CallResponse<typeof calls.importPeople>;

export const createPerson = (body: CallBody<typeof calls.createPerson>) => callApi(calls.createPerson, { body });

export const updatePerson = (body: CallBody<typeof calls.updatePerson>) => callApi(calls.updatePerson, { body });

export type PersonTimedBlock = CallResponse<typeof calls.listPersonTimedBlocks>["blocks"][number];

/** More attempts and/or minutes for a person at a timed block, with a reason (audited). */
export const grantTimedBlock = (body: CallBody<typeof calls.grantTimedBlock>) => callApi(calls.grantTimedBlock, { body });

export const resendInvitation = (body: CallBody<typeof calls.resendInvitation>) => callApi(calls.resendInvitation, { body });

/** Checks (dryRun) or imports a people CSV file; a refused import fails with code people_import_invalid and the problems in its details. */
export async function importPeople(file: File, dryRun: boolean): Promise<ImportResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  form.append("dryRun", String(dryRun));
  return callApi(calls.importPeople, { body: form as never });
}

/** Fetches the import's CSV template (the request carries the session token) and hands it to the browser as a download. */
export async function getPeopleImportTemplate(client: HttpClient = browserHttp): Promise<void> {
  const res = await client.request<string>({ method: "GET", url: calls.getPeopleImportTemplate.fullPath, responseType: "text" });
  saveDownload(new Blob([res.data], { type: "text/csv;charset=utf-8" }), "people-import-template.csv");
}

/** Fetches everything about a person as a zip (with the session) and saves it. */
export async function exportPerson(id: string, client: HttpClient = browserHttp): Promise<void> {
  const res = await client.request<Blob>({ method: "GET", url: calls.exportPerson.fullPath, params: { id }, responseType: "blob", timeout: 120_000 });
  saveDownload(res.data, attachmentName(res.headers, "personal-data.zip"));
}

export const deletePerson = (body: CallBody<typeof calls.deletePerson>) => callApi(calls.deletePerson, { body });
