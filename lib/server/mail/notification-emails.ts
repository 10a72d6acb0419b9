import "server-only";
import type { MailMessage } from "./mailer";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** Where a notification e-mail can be turned off: a page with a button, and the one-click address mail clients use (RFC 8058). */
export interface Unsubscribe {
  page: string;
  oneClick: string;
}

const unsubscribeHeaders = (u: Unsubscribe) => ({
  "List-Unsubscribe": `<${u.oneClick}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

function layout(paragraphs: string[], action: { label: string; href: string }, footer: string, unsubscribe: Unsubscribe) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribe.page)}">Turn these e-mails off</a>.</p>
</body></html>`;
}

const marks = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function essayGradedEmail(input: {
  to: string;
  name: string;
  essayTitle: string;
  courseName: string;
  obtainedScore: number;
  totalScore: number;
  link: string;
  unsubscribe: Unsubscribe;
}): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : "Hello,";
  const result = `Your essay "${input.essayTitle}" in ${input.courseName} has been graded: ${marks(input.obtainedScore)} of ${marks(input.totalScore)} marks.`;
  const more = "The marks for each criterion and the grader's comments are on the essay's page.";
  const footer = "You get this e-mail when a grader marks one of your essays.";
  const text = [greeting, "", result, more, "", input.link, "", `${footer} To turn these e-mails off: ${input.unsubscribe.page}`].join("\n");
  return {
    to: input.to,
    subject: `Your essay has been graded: ${marks(input.obtainedScore)}/${marks(input.totalScore)}`,
    text,
    html: layout([greeting, result, more], { label: "See your results", href: input.link }, footer, input.unsubscribe),
    headers: unsubscribeHeaders(input.unsubscribe),
  };
}

export function meetingReminderEmail(input: {
  to: string;
  name: string;
  title: string;
  startsAt: Date;
  timeZone: string;
  durationInMinutes: number;
  joinLink: string;
  page: string;
  calendar: { fileName: string; calendar: string };
  unsubscribe: Unsubscribe;
}): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : "Hello,";
  const when = new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: input.timeZone,
    timeZoneName: "short",
  }).format(input.startsAt);
  const intro = `"${input.title}" starts within the hour: ${when}, for ${input.durationInMinutes} minutes.`;
  const join = `Join here when it opens (15 minutes before the start): ${input.joinLink}`;
  const footer = "You get this e-mail before each group session you registered for. The calendar file is attached.";
  const text = [greeting, "", intro, "", join, "", `Your group sessions: ${input.page}`, "", `${footer} To turn these e-mails off: ${input.unsubscribe.page}`].join("\n");
  return {
    to: input.to,
    subject: `Starting soon: ${input.title}`,
    text,
    html: layout([greeting, intro, "Join when it opens, 15 minutes before the start."], { label: "Join the session", href: input.joinLink }, footer, input.unsubscribe),
    headers: unsubscribeHeaders(input.unsubscribe),
    attachments: [{ filename: input.calendar.fileName, content: input.calendar.calendar, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  };
}

/**
 * A group session the learner registered for changed or was cancelled. Not a notification one can
 * turn off: it corrects what the learner was told (and their calendar), as a sign-in link is needed.
 */
export function meetingChangeEmail(input: {
  to: string;
  name: string;
  kind: "changed" | "cancelled";
  title: string;
  startsAt: Date;
  timeZone: string;
  durationInMinutes: number;
  page: string;
  calendar: { fileName: string; calendar: string };
  method: "REQUEST" | "CANCEL";
}): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : "Hello,";
  const when = new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: input.timeZone,
    timeZoneName: "short",
  }).format(input.startsAt);
  const intro =
    input.kind === "changed"
      ? `The group session "${input.title}" you registered for has changed. It is now on ${when}, for ${input.durationInMinutes} minutes.`
      : `The group session "${input.title}" on ${when}, which you registered for, has been cancelled.`;
  const more =
    input.kind === "changed"
      ? "The attached calendar file updates the copy in your calendar; the join link appears on the group sessions page 15 minutes before the start."
      : "The attached calendar file removes it from your calendar.";
  const text = [greeting, "", intro, "", more, "", `Your group sessions: ${input.page}`].join("\n");
  return {
    to: input.to,
    subject: input.kind === "changed" ? `Changed: ${input.title}` : `Cancelled: ${input.title}`,
    text,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(more)}</p>
<p><a href="${escapeHtml(input.page)}">Your group sessions</a></p>
</body></html>`,
    attachments: [{ filename: input.calendar.fileName, content: input.calendar.calendar, contentType: `text/calendar; charset=utf-8; method=${input.method}` }],
  };
}

/**
 * A learner's request to buy a course was declined by an administrator, with their note when they left
 * one. Not a notification one can turn off: it is the answer to something the learner asked for.
 */
export function purchaseDeclinedEmail(input: { to: string; name: string; courseName: string; requestedAt: Date; note: string | null; link: string }): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : "Hello,";
  const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(input.requestedAt);
  const answer = `Your request of ${day} to buy "${input.courseName}" was declined.`;
  const note = input.note ? `Your administrator's note: "${input.note}"` : "Your administrator left no note.";
  const more = "You can ask again from the course's page.";
  const text = [greeting, "", answer, "", note, "", more, input.link].join("\n");
  return {
    to: input.to,
    subject: `Your request for "${input.courseName}" was declined`,
    text,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(answer)}</p>
<p>${escapeHtml(note)}</p>
<p>${escapeHtml(more)} <a href="${escapeHtml(input.link)}">Open the course</a></p>
</body></html>`,
  };
}
