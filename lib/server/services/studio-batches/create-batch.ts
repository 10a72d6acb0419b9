import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq } from "drizzle-orm";
import { batches } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { type BatchAuditRow } from "./audit";
import { checkDates, knownProgram } from "./batch-settings";
import { batchSnapshot, batchViews, type EnrollmentType } from "./batch-view";

export interface NewBatch {
  key: string;
  name: string;
  programId: string;
  enrollmentType: EnrollmentType;
  startsAt: string | null;
  accountExpiresAt: string | null;
  allowManualVideoCompletion: boolean;
}

const keyTaken = (key: string) => new ApiError(409, "batch_key_taken", `A batch with the key ${key} already exists: choose another key.`, {}, { key });

/** Makes a batch, with its audit row in the same transaction. */
export async function createBatch(deps: Deps, actor: User, input: NewBatch) {
  const [taken] = await deps.db.select({ id: batches.id }).from(batches).where(eq(batches.key, input.key)).limit(1);
  if (taken) throw keyTaken(input.key);
  const program = await knownProgram(deps, input.programId);
  const values = {
    key: input.key,
    name: input.name,
    programId: program.id,
    enrollmentType: input.enrollmentType,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    accountExpiresAt: input.accountExpiresAt ? new Date(input.accountExpiresAt) : null,
    allowManualVideoCompletion: input.allowManualVideoCompletion,
  };
  checkDates(values.startsAt, values.accountExpiresAt);
  const now = deps.now();
  const row = await deps.db
    .transaction(async (tx) => {
      const [made] = await tx.insert(batches).values({ ...values, createdAt: now }).returning();
      await recordAudit<BatchAuditRow>(tx, [
        { actorId: actor.id, targetUserId: null, action: "batch.create", summary: `Created the batch ${input.key} (${input.name})`, after: batchSnapshot(values, program.key), at: now },
      ]);
      return made!;
    })
    .catch((err: unknown) => {
      if (String((err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code) === "23505") throw keyTaken(input.key);
      throw err;
    });
  return { batch: (await batchViews(deps, [row]))[0]! };
}
