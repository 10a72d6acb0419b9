import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { addBatchMembers, createBatch, deleteBatch, getBatch, importBatchMembers, listBatchPrograms, listBatches, removeBatchMember, updateBatch } from "@/lib/contract/calls/studio-batches";
import { batches } from "@/lib/server/db/schema";
import { refusedToNonAdmins, type AccessCtx, type AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's batch calls: only administrators list, make and change batches
 * and their members; learners, graders and authors are refused (403) before anything is read or
 * written, visitors asked to sign in (401). The administrator's writes name a batch or program no
 * one has, so the matrix's data stays as it is.
 */
const NO_BATCH = "00000000-0000-4000-8000-00000000b47c";
const NO_PROGRAM = "00000000-0000-4000-8000-0000000060a1";
const csvForm = () => {
  const form = new FormData();
  form.append("file", new Blob(["email\r\nlearner.a@example.com\r\n"], { type: "text/csv" }), "members.csv");
  form.append("id", NO_BATCH);
  form.append("dryRun", "true");
  return form;
};

const inputs: [Row["call"], (ctx: AccessCtx) => { query?: Record<string, string>; body?: unknown }][] = [
  [listBatches, () => ({})],
  [listBatchPrograms, () => ({})],
  [getBatch, () => ({ query: { id: NO_BATCH } })],
  [createBatch, () => ({ body: { key: "matrix-batch", name: "Matrix batch", programId: NO_PROGRAM } })],
  [updateBatch, () => ({ body: { id: NO_BATCH, name: "Renamed" } })],
  [addBatchMembers, (ctx) => ({ body: { id: NO_BATCH, userIds: [ctx.ids.learnerA] } })],
  [importBatchMembers, () => ({ body: csvForm() })],
  [removeBatchMember, (ctx) => ({ body: { id: NO_BATCH, userId: ctx.ids.learnerA } })],
  [deleteBatch, () => ({ body: { id: NO_BATCH } })],
];

const matrixBatch = async (ctx: AccessCtx) => (await ctx.t.db.select().from(batches).where(eq(batches.key, "matrix-batch"))).length;

export const studioBatchAccessRows: Row[] = [
  { call: listBatches, as: "admin", owner: "other", status: 200, check: (_ctx, body: { batches: unknown[] }) => expect(Array.isArray(body.batches)).toBe(true) },
  { call: listBatchPrograms, as: "admin", owner: "other", status: 200, check: (_ctx, body: { programs: unknown[] }) => expect(Array.isArray(body.programs)).toBe(true) },
  { call: getBatch, as: "admin", owner: "other", input: () => ({ query: { id: NO_BATCH } }), status: 404 },
  { call: createBatch, as: "admin", owner: "other", input: () => ({ body: { key: "matrix-batch", name: "Matrix batch", programId: NO_PROGRAM } }), status: 400, check: async (ctx) => expect(await matrixBatch(ctx)).toBe(0) },
  { call: updateBatch, as: "admin", owner: "other", input: () => ({ body: { id: NO_BATCH, name: "Renamed" } }), status: 404 },
  { call: addBatchMembers, as: "admin", owner: "other", input: (ctx) => ({ body: { id: NO_BATCH, userIds: [ctx.ids.learnerA] } }), status: 404 },
  { call: importBatchMembers, as: "admin", owner: "other", input: () => ({ body: csvForm() }), status: 404 },
  { call: removeBatchMember, as: "admin", owner: "other", input: (ctx) => ({ body: { id: NO_BATCH, userId: ctx.ids.learnerA } }), status: 404 },
  { call: deleteBatch, as: "admin", owner: "other", input: () => ({ body: { id: NO_BATCH } }), status: 404 },
  ...refusedToNonAdmins(inputs, async (ctx) => { expect(await matrixBatch(ctx)).toBe(0); }),
];
