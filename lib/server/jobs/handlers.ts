import "server-only";
import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { essayAttempts, mcqAttempts, meetingRegistrations, meetings } from "../db/schema";
import type { Deps } from "../deps";
import { deliverMail } from "../mail/outbox";
import { closeOverdueEssay } from "../services/challenges";
import { closeMcqAttempt } from "../services/challenges";
import { closeOverdueAttempts } from "../services/challenges";
import { scheduleAttemptClose } from "../services/challenges";
import { isOverdue } from "../services/challenges";
import { processMedia } from "../services/studio-media";
import { deliverXapiStatement, queuePendingStatements } from "../services/xapi";
import type { JobHandlers } from "./engine";

const REMINDER_BEFORE_MS = 60 * 60_000;

const logClosed = (kind: string, attemptId: string) =>
  console.log(JSON.stringify({ level: "info", msg: "attempt closed at its deadline", kind, attemptId, pid: process.pid }));

/** What each queue's job does. Each is safe to run twice: it acts only on a subject still waiting for it. */
export function jobHandlers(deps: Deps): JobHandlers {
  return {
    mail: (data, job) => deliverMail(deps, data, job.id),

    async "close-attempt"({ kind, attemptId }) {
      const table = kind === "mcqBlock" ? mcqAttempts : essayAttempts;
      const [attempt] = await deps.db
        .select({ status: table.status, deadlineAt: table.deadlineAt })
        .from(table)
        .where(eq(table.id, attemptId));
      if (!attempt || attempt.status !== "onProgress") return;
      const now = deps.now();
      // The deadline moved later (more time was given): the job for the new deadline closes it.
      if (!isOverdue(attempt.deadlineAt, now)) return scheduleAttemptClose(deps, kind, attemptId, attempt.deadlineAt);
      const closed = kind === "mcqBlock" ? await closeMcqAttempt(deps, attemptId, "timeout", now) : await closeOverdueEssay(deps, attemptId, now);
      if (closed) logClosed(kind, attemptId);
    },

    async "sweep-attempts"() {
      const closed = await closeOverdueAttempts(deps);
      for (const attemptId of closed.mcq) logClosed("mcq", attemptId);
      for (const attemptId of closed.essay) logClosed("essay", attemptId);
    },

    "process-media": ({ mediaId }) => processMedia(deps, mediaId),

    "xapi-statement": ({ statementId }) => deliverXapiStatement(deps, statementId),

    async "xapi-sweep"() {
      await queuePendingStatements(deps);
    },

    async "meeting-reminders"() {
      const now = deps.now();
      const due = await deps.db
        .select({ meetingId: meetingRegistrations.meetingId, userId: meetingRegistrations.userId, startDate: meetings.startDate })
        .from(meetingRegistrations)
        .innerJoin(meetings, eq(meetings.id, meetingRegistrations.meetingId))
        .where(and(gt(meetings.startDate, now), lte(meetings.startDate, new Date(now.getTime() + REMINDER_BEFORE_MS)), isNull(meetings.cancelledAt)));
      for (const r of due) {
        const startsAt = r.startDate.toISOString();
        await deps.jobs.send("mail", `meeting-reminder:${r.meetingId}:${r.userId}:${startsAt}`, { template: "meeting-reminder", meetingId: r.meetingId, userId: r.userId, startsAt });
      }
    },
  };
}
