import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/studio-batches";
import { addBatchMembers, createBatch, deleteBatch, getBatch, importBatchMembers, listBatchPrograms, listBatches, removeBatchMember, updateBatch } from "../../services/studio-batches";
import { formRoute, route, type ApiEnv } from "../route";

export const studioBatchesRouter = new Hono<ApiEnv>();

/** A CSV file of 10,000 e-mails is about 300 KB. */
export const BATCH_MEMBERS_CSV_MAX_BYTES = 2 * 1024 * 1024;

// GET /studio/batches: batches by key, a page at a time (administrators)
route(studioBatchesRouter, calls.listBatches, ({ deps, query }) => listBatches(deps, query));

// GET /studio/batches/programs: the programs a batch may take (administrators)
route(studioBatchesRouter, calls.listBatchPrograms, ({ deps }) => listBatchPrograms(deps));

// POST /studio/batches: makes a batch (administrators; audited)
route(studioBatchesRouter, calls.createBatch, ({ deps, user, body }) => createBatch(deps, user, body));

// GET /studio/batch: one batch and a page of its members (administrators)
route(studioBatchesRouter, calls.getBatch, ({ deps, query }) => getBatch(deps, query));

// PATCH /studio/batch: changes a batch's settings (administrators; audited)
route(studioBatchesRouter, calls.updateBatch, ({ deps, user, body }) => updateBatch(deps, user, body));

// POST /studio/batch/members: adds people by id (administrators; audited)
route(studioBatchesRouter, calls.addBatchMembers, ({ deps, user, body }) => addBatchMembers(deps, user, body));

// POST /studio/batch/members/import: checks (dryRun) or adds the people of a CSV file of e-mails, all or nothing (administrators; audited)
formRoute(
  studioBatchesRouter,
  calls.importBatchMembers,
  { maxFileBytes: () => BATCH_MEMBERS_CSV_MAX_BYTES, tooLarge: (max) => `file: a members CSV file may be at most ${Math.round(max / 1024 / 1024)} MB; split it in parts.`, upload: "membersCsv" },
  ({ deps, user, body, file }) => importBatchMembers(deps, user, body.id, file.bytes, { dryRun: body.dryRun }),
);

// POST /studio/batch/members/remove: takes a person out of a batch (administrators; audited)
route(studioBatchesRouter, calls.removeBatchMember, ({ deps, user, body }) => removeBatchMember(deps, user, body));

// POST /studio/batch/delete: deletes a batch never used (administrators; audited)
route(studioBatchesRouter, calls.deleteBatch, ({ deps, user, body }) => deleteBatch(deps, user, body));
