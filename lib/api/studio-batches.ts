import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// The studio's batch calls (docs/batches.md), for administrators.

export const studioBatchesQueries = {
  all: ["studio", "batches"] as const,
  listBatches: (cursor: string | undefined, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "batches", "list", cursor ?? null],
      queryFn: () => callApi(calls.listBatches, { query: { limit: 50, ...(cursor ? { cursor } : {}) } }, client),
    }),
  listBatchPrograms: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "batches", "programs"], queryFn: () => callApi(calls.listBatchPrograms, {}, client), staleTime: 60_000 }),
  getBatch: (id: string, cursor: string | undefined, search = "", client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "batches", "batch", id, search, cursor ?? null],
      queryFn: () => callApi(calls.getBatch, { query: { id, limit: 50, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) } }, client),
      retry: false,
    }),
};

export type StudioBatch = CallResponse<typeof calls.getBatch>["batch"];
export type BatchMember = CallResponse<typeof calls.getBatch>["members"][number];
export type BatchMembersImportResult = CallResponse<typeof calls.importBatchMembers>;
export type BatchEnrollmentType = StudioBatch["enrollmentType"];

export const createBatch = (body: CallBody<typeof calls.createBatch>) => callApi(calls.createBatch, { body });

export const updateBatch = (body: CallBody<typeof calls.updateBatch>) => callApi(calls.updateBatch, { body });

export const addBatchMembers = (body: CallBody<typeof calls.addBatchMembers>) => callApi(calls.addBatchMembers, { body });

export const deleteBatch = (body: CallBody<typeof calls.deleteBatch>) => callApi(calls.deleteBatch, { body });

export const removeBatchMember = (body: CallBody<typeof calls.removeBatchMember>) => callApi(calls.removeBatchMember, { body });

/** Checks (dryRun) or imports a CSV file of e-mails into a batch; a refused import fails with code batch_members_import_invalid and the problems in its details. */
export async function importBatchMembers(id: string, file: File, dryRun: boolean): Promise<BatchMembersImportResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  form.append("id", id);
  form.append("dryRun", String(dryRun));
  return callApi(calls.importBatchMembers, { body: form as never });
}
