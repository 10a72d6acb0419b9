import "server-only";
import { asc, eq } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import type { Tx } from "../writers/rows";
import { contentDate } from "./dates";
import { sortByText } from "./order";

export interface ContentBatch {
  key: string;
  name: string;
  enrollmentType: string;
  allowManualVideoCompletion: boolean;
  startsAt?: string;
  accountExpiresAt?: string;
  members: string[];
}

/**
 * The batches as programs.yaml holds them under their program's key (the reverse of
 * writers/batches.ts), by key, each with its members' e-mails sorted. `withoutProgram` names the
 * batches a content file cannot hold (their program was deleted).
 */
export async function readBatches(tx: Tx): Promise<{ byProgram: Map<string, ContentBatch[]>; withoutProgram: string[] }> {
  const rows = await tx
    .select({ batch: t.batches, program: t.programs.key })
    .from(t.batches)
    .leftJoin(t.programs, eq(t.programs.id, t.batches.programId))
    .orderBy(asc(t.batches.key));
  const members = await tx
    .select({ batchId: t.batchMembers.batchId, email: t.users.email })
    .from(t.batchMembers)
    .innerJoin(t.users, eq(t.users.id, t.batchMembers.userId))
    .orderBy(asc(t.users.email));
  const byProgram = new Map<string, ContentBatch[]>();
  const withoutProgram: string[] = [];
  for (const { batch: b, program } of sortByText(rows, (r) => r.batch.key)) {
    if (program === null) {
      withoutProgram.push(b.key);
      continue;
    }
    const list = byProgram.get(program) ?? [];
    list.push({
      key: b.key,
      name: b.name,
      enrollmentType: b.enrollmentType,
      allowManualVideoCompletion: b.allowManualVideoCompletion,
      ...(b.startsAt === null ? {} : { startsAt: contentDate(b.startsAt) }),
      ...(b.accountExpiresAt === null ? {} : { accountExpiresAt: contentDate(b.accountExpiresAt) }),
      members: sortByText(
        members.filter((m) => m.batchId === b.id),
        (m) => m.email,
      ).map((m) => m.email),
    });
    byProgram.set(program, list);
  }
  return { byProgram, withoutProgram };
}
