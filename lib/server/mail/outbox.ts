import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { localeOfPreference } from "@/lib/i18n/languages";
import { courseEntryPath, learnPath } from "@/lib/learning-address";
import { hashToken, newToken } from "../auth/tokens";
import {
  chapters,
  courses,
  essayAttempts,
  essayBlocks,
  essayEvaluations,
  invites,
  mailDeliveries,
  meetings,
  notificationOptOuts,
  purchaseIntents,
  subChapters,
  unsubscribeTokens,
  users,
} from "../db/schema";
import type { Deps } from "../deps";
import type { MailJob } from "../jobs/queues";
import { findVisibleMeeting, meetingCalendar, selectMeetings } from "../services/meetings";
import { getMeetingCalendar } from "../services/meetings";
import type { MailMessage } from "./mailer";
import { essayGradedEmail, meetingChangeEmail, meetingReminderEmail, purchaseDeclinedEmail, type Unsubscribe } from "./notification-emails";
import { signInEmail } from "./sign-in-email";

export type NotificationKind = (typeof notificationOptOuts.$inferSelect)["kind"];

/**
 * Sends the e-mail a mail job names, once. The message is made from the database when it is sent:
 * a sign-in link's token is made here (only its hash is stored), so no secret ever waits in the
 * queue; a notification the learner turned off, or whose subject is gone, is not sent. A job run
 * again after the mail server accepted its message (a crash before the job was marked done, a second
 * process) finds the delivery recorded and sends nothing.
 */
export async function deliverMail(deps: Deps, job: MailJob, jobId: string): Promise<void> {
  const [done] = await deps.db.select({ jobId: mailDeliveries.jobId }).from(mailDeliveries).where(eq(mailDeliveries.jobId, jobId));
  if (done) return;
  const message = await composeMail(deps, job);
  if (!message) return;
  await deps.mailer.send(message);
  await deps.db.insert(mailDeliveries).values({ jobId, template: job.template, recipient: message.to }).onConflictDoNothing();
}

async function composeMail(deps: Deps, job: MailJob): Promise<MailMessage | null> {
  switch (job.template) {
    case "sign-in":
      return signInMail(deps, job.inviteId);
    case "essay-graded":
      return essayGradedMail(deps, job.attemptId);
    case "meeting-reminder":
      return meetingReminderMail(deps, job);
    case "meeting-update":
    case "meeting-cancel":
      return meetingChangeMail(deps, job);
    case "purchase-declined":
      return purchaseDeclinedMail(deps, job);
  }
}

/** A fresh token for a link not used and not expired; sending again replaces the token, so only the last e-mailed link works. */
async function signInMail(deps: Deps, inviteId: string): Promise<MailMessage | null> {
  const token = newToken();
  const [invite] = await deps.db
    .update(invites)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(invites.id, inviteId), isNull(invites.usedAt), gt(invites.expiresAt, deps.now())))
    .returning({ userId: invites.userId, source: invites.source });
  if (!invite) return null;
  const [user] = await deps.db.select({ email: users.email, name: users.name, preferredLanguage: users.preferredLanguage }).from(users).where(eq(users.id, invite.userId));
  if (!user) return null;
  // The token rides in the fragment: browsers never send it to a server, a proxy log or a Referer.
  const link = `${deps.siteUrl}/login/finish#inviteId=${token}`;
  const invited = invite.source === "operator";
  return signInEmail({ to: user.email, name: user.name, link, validFor: invited ? { days: 7 } : { minutes: 15 }, invited, locale: localeOfPreference(user.preferredLanguage) });
}

async function essayGradedMail(deps: Deps, attemptId: string): Promise<MailMessage | null> {
  const [row] = await deps.db
    .select({
      userId: essayAttempts.userId,
      email: users.email,
      name: users.name,
      preferredLanguage: users.preferredLanguage,
      title: essayBlocks.title,
      courseName: courses.name,
      obtainedScore: essayEvaluations.obtainedScore,
      totalScore: essayEvaluations.totalScore,
      place: { courseSlugId: courses.slugId, chapterSlugId: chapters.slugId, subChapterSlugId: subChapters.slugId, nodeSlugId: essayBlocks.slugId },
    })
    .from(essayAttempts)
    .innerJoin(essayEvaluations, eq(essayEvaluations.attemptId, essayAttempts.id))
    .innerJoin(users, eq(users.id, essayAttempts.userId))
    .innerJoin(essayBlocks, eq(essayBlocks.id, essayAttempts.blockId))
    .innerJoin(subChapters, eq(subChapters.id, essayBlocks.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courses, eq(courses.id, essayAttempts.courseId))
    .where(and(eq(essayAttempts.id, attemptId), eq(essayAttempts.status, "resultsReceived")));
  if (!row || (await optedOut(deps, row.userId, "essayGraded"))) return null;
  return essayGradedEmail({
    to: row.email,
    name: row.name,
    essayTitle: row.title,
    courseName: row.courseName,
    obtainedScore: row.obtainedScore,
    totalScore: row.totalScore,
    link: `${deps.siteUrl}${learnPath({ nodeType: "essayBlock", ...row.place })}`,
    unsubscribe: await unsubscribeLink(deps, row.userId, "essayGraded"),
    locale: localeOfPreference(row.preferredLanguage),
  });
}

async function meetingReminderMail(deps: Deps, job: Extract<MailJob, { template: "meeting-reminder" }>): Promise<MailMessage | null> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, job.userId));
  if (!user || (await optedOut(deps, user.id, "meetingReminder"))) return null;
  // The learner may no longer see the session, or it moved: its own reminder covers the new time.
  const meeting = await findVisibleMeeting(deps, user, job.meetingId).catch(() => null);
  if (!meeting || !meeting.isRegistered || meeting.startDate.toISOString() !== job.startsAt) return null;
  const calendar = await getMeetingCalendar(deps, user, job.meetingId);
  return meetingReminderEmail({
    to: user.email,
    name: user.name,
    title: meeting.title,
    startsAt: meeting.startDate,
    timeZone: user.timeZone ?? "UTC",
    durationInMinutes: meeting.durationInMinutes,
    joinLink: meeting.joinLink,
    page: `${deps.siteUrl}/group-sessions`,
    calendar,
    unsubscribe: await unsubscribeLink(deps, user.id, "meetingReminder"),
    locale: localeOfPreference(user.preferredLanguage),
  });
}

/**
 * A session's change or cancellation, to a learner registered for it, with the calendar file that
 * updates (METHOD:REQUEST) or removes (METHOD:CANCEL) their saved copy. Only the revision the job
 * announces is sent: a later change has its own job, which tells the learner the newest state.
 */
async function meetingChangeMail(deps: Deps, job: Extract<MailJob, { template: "meeting-update" | "meeting-cancel" }>): Promise<MailMessage | null> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, job.userId));
  if (!user) return null;
  const [meeting] = await selectMeetings(deps.db, user).where(eq(meetings.id, job.meetingId)).limit(1);
  if (!meeting || !meeting.isRegistered || meeting.sequence !== job.sequence) return null;
  const cancelled = job.template === "meeting-cancel";
  if (cancelled !== !!meeting.cancelledAt) return null;
  const calendar = meetingCalendar(deps, meeting, { method: cancelled ? "CANCEL" : "REQUEST", attendee: { name: user.name, email: user.email } });
  return meetingChangeEmail({
    to: user.email,
    name: user.name,
    kind: cancelled ? "cancelled" : "changed",
    title: meeting.title,
    startsAt: meeting.startDate,
    timeZone: user.timeZone ?? "UTC",
    durationInMinutes: meeting.durationInMinutes,
    page: `${deps.siteUrl}/group-sessions`,
    calendar,
    method: cancelled ? "CANCEL" : "REQUEST",
    locale: localeOfPreference(user.preferredLanguage),
  });
}

/**
 * A declined purchase request, with the administrator's note, to the learner who asked. Sent only
 * while the request stands as that answer left it: a learner who asked again meanwhile is not told
 * of the old answer.
 */
async function purchaseDeclinedMail(deps: Deps, job: Extract<MailJob, { template: "purchase-declined" }>): Promise<MailMessage | null> {
  const [row] = await deps.db
    .select({
      email: users.email,
      name: users.name,
      preferredLanguage: users.preferredLanguage,
      courseName: courses.name,
      slugId: courses.slugId,
      status: purchaseIntents.status,
      requestedAt: purchaseIntents.lastRequestedAt,
      answeredAt: purchaseIntents.answeredAt,
      note: purchaseIntents.answerNote,
    })
    .from(purchaseIntents)
    .innerJoin(users, eq(users.id, purchaseIntents.userId))
    .innerJoin(courses, eq(courses.id, purchaseIntents.courseId))
    .where(eq(purchaseIntents.id, job.requestId));
  if (!row || row.status !== "declined" || row.answeredAt?.toISOString() !== job.answeredAt) return null;
  return purchaseDeclinedEmail({
    to: row.email,
    name: row.name,
    courseName: row.courseName,
    requestedAt: row.requestedAt,
    note: row.note,
    link: `${deps.siteUrl}${courseEntryPath(row.slugId)}`,
    locale: localeOfPreference(row.preferredLanguage),
  });
}

async function optedOut(deps: Deps, userId: string, kind: NotificationKind): Promise<boolean> {
  const [row] = await deps.db
    .select({ kind: notificationOptOuts.kind })
    .from(notificationOptOuts)
    .where(and(eq(notificationOptOuts.userId, userId), eq(notificationOptOuts.kind, kind)));
  return !!row;
}

/** An unsubscribe link of its own for each notification e-mail; only the token's hash is kept. */
async function unsubscribeLink(deps: Deps, userId: string, kind: NotificationKind): Promise<Unsubscribe> {
  const token = newToken();
  await deps.db.insert(unsubscribeTokens).values({ tokenHash: hashToken(token), userId, kind });
  return {
    page: `${deps.siteUrl}/unsubscribe#token=${token}`,
    oneClick: `${deps.siteUrl}/api/user/notifications/unsubscribe?token=${token}`,
  };
}
