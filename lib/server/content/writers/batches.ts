import "server-only";
import * as t from "@/lib/server/db/schema";
import type * as s from "../schema";
import { excluded, type ContentIds, type Tx } from "./rows";

/** A batch of programs.yaml with the key of the program it takes. */
export type ProgramBatch = s.ProgramInput["batches"][number] & { program: string };

/**
 * Batches, matched by key, and their members (users of this run or already in the database). A
 * member is added, never removed: a learner stays in a batch a later file leaves them out of.
 */
export async function writeBatches(tx: Tx, batches: ProgramBatch[], ids: ContentIds): Promise<void> {
  if (!batches.length) return;
  await ids.resolvePrograms(
    tx,
    batches.map((b) => b.program),
  );
  const rows = await tx
    .insert(t.batches)
    .values(
      batches.map((b) => ({
        key: b.key,
        name: b.name,
        programId: ids.programs.get(b.program)!,
        enrollmentType: b.enrollmentType,
        allowManualVideoCompletion: b.allowManualVideoCompletion,
        startsAt: b.startsAt ?? null,
        accountExpiresAt: b.accountExpiresAt ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: t.batches.key,
      set: {
        name: excluded(t.batches.name),
        programId: excluded(t.batches.programId),
        enrollmentType: excluded(t.batches.enrollmentType),
        allowManualVideoCompletion: excluded(t.batches.allowManualVideoCompletion),
        startsAt: excluded(t.batches.startsAt),
        accountExpiresAt: excluded(t.batches.accountExpiresAt),
      },
    })
    .returning({ id: t.batches.id, key: t.batches.key });
  const batchIds = new Map(rows.map((r) => [r.key, r.id]));

  await ids.resolveUsers(
    tx,
    batches.flatMap((b) => b.members),
  );
  const members = batches.flatMap((b) => b.members.map((e) => ({ batchId: batchIds.get(b.key)!, userId: ids.users.get(e)! })));
  if (members.length) await tx.insert(t.batchMembers).values(members).onConflictDoNothing();
}
