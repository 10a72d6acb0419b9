import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { chapters, scormAttempts, scormItems, scormLaunches, scormPackages, subChapters } from "../../db/schema";
import type { Deps } from "../../deps";
import { scormAttemptPassed } from "../../domain/completion";
import { isUuid } from "../../domain/ids";
import type { User } from "../../domain/user";
import { notFound } from "../../errors";
import { issueAfterCompletion } from "../certificates";
import { recordLearningEvent, scormOutcome } from "../xapi";
import { awardAfterAction } from "../achievements";
import { cmiResults, loadScormAttempt } from "./scorm-attempt";

export interface ScormCommit {
  itemId: string;
  sessionId: string;
  sequence: number;
  cmi: Record<string, string>;
  sessionSeconds: number;
  /** The Idempotency-Key: the commit's id, kept as the last one applied. */
  idempotencyKey?: string;
}

/**
 * Whether two scaled scores are the same once saved: the column is a 4-byte float, so the value read
 * back (e.g. 0.6666667) is compared with the new one at that precision.
 */
const sameScore = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.fround(a) === Math.fround(b));


/**
 * Saves what a SCORM package set, once: the commit applies only when its sequence is above the last
 * one applied (a resend or a late older commit changes nothing), the CMI values are merged over the
 * saved ones, and the session's time replaces that session's earlier figure, so each session counts
 * once in the total. The session must be one of the learner's own launches of the item. When the
 * commit makes the item count as complete, certificates and badges that became due are issued.
 */
export async function commitScormItem(deps: Deps, user: User, input: ScormCommit) {
  if (!isUuid(input.itemId) || !isUuid(input.sessionId)) throw notFound("This SCORM session is not known; open the item again.");
  const [session] = await deps.db
    .select({ version: scormPackages.version, versionId: chapters.versionId })
    .from(scormLaunches)
    .innerJoin(scormItems, eq(scormItems.id, scormLaunches.itemId))
    .innerJoin(scormPackages, eq(scormPackages.id, scormItems.packageId))
    .innerJoin(subChapters, eq(subChapters.id, scormItems.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .where(and(eq(scormLaunches.id, input.sessionId), eq(scormLaunches.userId, user.id), eq(scormLaunches.itemId, input.itemId)));
  if (!session) throw notFound("This SCORM session is not known; open the item again.");

  const outcome = await deps.db.transaction(async (tx) => {
    await tx.insert(scormAttempts).values({ userId: user.id, itemId: input.itemId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(scormAttempts)
      .where(and(eq(scormAttempts.userId, user.id), eq(scormAttempts.itemId, input.itemId)))
      .for("update");
    if (!row || input.sequence <= row.sequence) return { applied: false, becameComplete: false };
    const cmi = { ...row.cmi, ...input.cmi };
    const sessions = { ...row.sessionSeconds, [input.sessionId]: Math.max(row.sessionSeconds[input.sessionId] ?? 0, input.sessionSeconds) };
    const results = cmiResults(session.version, cmi);
    const now = deps.now();
    await tx
      .update(scormAttempts)
      .set({
        cmi,
        ...results,
        sessionSeconds: sessions,
        totalSeconds: Object.values(sessions).reduce((a, b) => a + b, 0),
        sequence: input.sequence,
        lastCommitId: input.idempotencyKey ?? null,
        updatedAt: now,
      })
      .where(eq(scormAttempts.id, row.id));
    // What the learner's pages cache (the course tree, the dashboard) is read again when the results moved.
    if (results.completionStatus !== row.completionStatus || results.successStatus !== row.successStatus || !sameScore(results.scoreScaled, row.scoreScaled)) {
      await tx.execute(sql`insert into learner_version_states (user_id, version_id, revision) values (${user.id}, ${session.versionId}, 1)
        on conflict (user_id, version_id) do update set revision = learner_version_states.revision + 1`);
      await tx.execute(sql`insert into learner_states (user_id, revision) values (${user.id}, 1)
        on conflict (user_id) do update set revision = learner_states.revision + 1`);
    }
    // A commit that changes the outcome (completed, passed, failed), or reports a new score with one, is
    // told to the LRS, in this transaction. The saved results before this commit are what the last
    // statement reported, as every earlier change of them that had an outcome was told when saved.
    const reported = scormOutcome(results);
    const newScore = results.scoreScaled !== null && !sameScore(results.scoreScaled, row.scoreScaled);
    if (reported !== null && (reported !== scormOutcome(row) || newScore)) {
      await recordLearningEvent(tx, deps.siteUrl, { kind: "scorm-result", attemptId: row.id, sequence: input.sequence, at: now });
    }
    const [done] = await tx
      .update(scormAttempts)
      .set({ completedAt: now })
      .where(and(eq(scormAttempts.id, row.id), sql`${scormAttempts.completedAt} is null`, scormAttemptPassed))
      .returning({ id: scormAttempts.id });
    return { applied: true, becameComplete: !!done };
  });

  if (outcome.becameComplete) await awardAfterAction(deps, user, { enrolled: await issueAfterCompletion(deps, user) });
  const attempt = await loadScormAttempt(deps.db, user.id, input.itemId);
  if (!attempt) throw notFound("SCORM item not found.");
  return { applied: outcome.applied, attempt };
}
