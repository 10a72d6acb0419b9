import "server-only";
import { recordAudit } from "../../domain/audit";
import { and, eq, sql } from "drizzle-orm";
import { essayAttempts, mcqAttempts, timedBlockGrants } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { badRequest, conflict, notFound } from "../../errors";
import { closeMcqAttempt, closeOverdueEssay, isOverdue, scheduleAttemptClose } from "../challenges";
import { type PeopleAuditRow } from "./audit";
import { findPerson } from "./person-view";
import { loadTimedBlocks, type TimedBlockView } from "./timed-blocks";

export interface TimedBlockGrant {
  id: string;
  blockId: string;
  extraAttempts?: number;
  extraMinutes?: number;
  reason: string;
}

/** What the audit row keeps of the block, before and after a grant. */
const snapshot = (b: TimedBlockView) => ({
  block: b.title,
  attemptsAllowed: b.attemptsAllowed === null ? null : b.attemptsAllowed + b.extraAttempts,
  attemptsUsed: b.attemptsUsed,
  minutesPerAttempt: b.durationInMinutes + b.extraMinutes,
  runningDeadlineAt: b.runningDeadlineAt,
});

/**
 * Gives a person more attempts at a multiple-choice block, more minutes at a timed block, or both,
 * with a reason. More attempts let them start again after using the block's; more minutes lengthen
 * every attempt they start from now on and move the deadline of the attempt running now (its close
 * job follows the new deadline). An attempt already past its deadline and grace period is closed first,
 * as the server would have, and is not reopened. Recorded in the audit log in the same transaction.
 */
export async function grantTimedBlock(deps: Deps, actor: User, grant: TimedBlockGrant) {
  const extraAttempts = grant.extraAttempts ?? 0;
  const extraMinutes = grant.extraMinutes ?? 0;
  if (!extraAttempts && !extraMinutes) throw badRequest("extraAttempts or extraMinutes: give more attempts, more minutes, or both.");
  const person = await findPerson(deps, grant.id);
  const find = async () => (await loadTimedBlocks(deps.db, person.id, { blockId: grant.blockId, limit: 1 }))[0];
  let found = await find();
  if (!found) {
    const [inSomeCourse] = await deps.db.execute<{ one: number }>(
      sql`select 1 as one from mcq_blocks where id = ${grant.blockId}::uuid union all select 1 from essay_blocks where id = ${grant.blockId}::uuid limit 1`,
    ).then((r) => (r as unknown as { rows: { one: number }[] }).rows);
    if (!inSomeCourse) throw notFound("blockId: no multiple-choice block or essay has this id.", "block_not_found");
    throw conflict(`${person.email} is not enrolled in the course version that holds this block: enroll them first.`, "not_enrolled");
  }
  const kind = found.view.kind;
  if (kind === "essayBlock" && extraAttempts) throw badRequest("extraAttempts: an essay has one attempt; give it more minutes instead.");
  if (kind === "mcqBlock" && extraAttempts && found.view.attemptsAllowed === null) {
    throw badRequest("extraAttempts: this block allows unlimited attempts already.");
  }
  const now = deps.now();
  // A running attempt already past its time is closed as the server would have closed it; the grant applies to the next ones.
  if (found.runningId && found.view.runningDeadlineAt && isOverdue(new Date(found.view.runningDeadlineAt), now)) {
    if (kind === "mcqBlock") await closeMcqAttempt(deps, found.runningId, "timeout", now);
    else await closeOverdueEssay(deps, found.runningId, now);
    found = (await find())!;
  }
  const before = snapshot(found.view);
  let movedDeadline: { id: string; deadlineAt: Date } | undefined;
  await deps.db.transaction(async (tx) => {
    await tx.insert(timedBlockGrants).values({
      userId: person.id,
      blockId: found.view.blockId,
      blockKind: kind,
      extraAttempts,
      extraMinutes,
      reason: grant.reason,
      grantedBy: actor.id,
      createdAt: now,
    });
    if (extraMinutes && found.runningId) {
      const table = kind === "mcqBlock" ? mcqAttempts : essayAttempts;
      const [moved] = await tx
        .update(table)
        .set({ deadlineAt: sql`${table.deadlineAt} + make_interval(mins => ${extraMinutes}::int)` })
        .where(and(eq(table.id, found.runningId), eq(table.status, "onProgress")))
        .returning({ id: table.id, deadlineAt: table.deadlineAt });
      movedDeadline = moved;
    }
    const after = {
      ...before,
      attemptsAllowed: before.attemptsAllowed === null ? null : before.attemptsAllowed + extraAttempts,
      minutesPerAttempt: before.minutesPerAttempt + extraMinutes,
      runningDeadlineAt: movedDeadline ? movedDeadline.deadlineAt.toISOString() : before.runningDeadlineAt,
    };
    const what = [extraAttempts ? `${extraAttempts} more attempt${extraAttempts === 1 ? "" : "s"}` : "", extraMinutes ? `${extraMinutes} more minute${extraMinutes === 1 ? "" : "s"}` : ""]
      .filter(Boolean)
      .join(" and ");
    await recordAudit<PeopleAuditRow>(tx, [
      {
        actorId: actor.id,
        targetUserId: person.id,
        action: "person.grant",
        summary: `Gave ${person.email} ${what} at "${found.view.title}": ${grant.reason}`,
        before,
        after: { ...after, reason: grant.reason },
        at: now,
      },
    ]);
  });
  // The running attempt closes at its new deadline (its old close job finds it not due and steps aside).
  if (movedDeadline) await scheduleAttemptClose(deps, kind, movedDeadline.id, movedDeadline.deadlineAt);
  return { block: (await find())!.view };
}
