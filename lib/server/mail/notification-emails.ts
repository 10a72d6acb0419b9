import "server-only";
import type { Locale } from "@/lib/i18n/languages";
import { emailText, escapeHtml, formatDate, formatMarks, greeting, htmlStart, type EmailText } from "./email-text";
import type { MailMessage } from "./mailer";

/** Where a notification e-mail can be turned off: a page with a button, and the one-click address mail clients use (RFC 8058). */
export interface Unsubscribe {
  page: string;
  oneClick: string;
}

const unsubscribeHeaders = (u: Unsubscribe) => ({
  "List-Unsubscribe": `<${u.oneClick}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/** The footer's "Turn these e-mails off." with its words made a link to the page, wherever the language puts them. */
function turnOffHtml(t: EmailText, page: string) {
  const [open, close] = ["\u0000", "\u0001"];
  const marked = t.markup("notifications.turnOffLink", { link: (chunks) => `${open}${chunks}${close}` });
  return escapeHtml(marked).replace(open, `<a href="${escapeHtml(page)}">`).replace(close, "</a>");
}

function layout(locale: Locale, t: EmailText, paragraphs: string[], action: { label: string; href: string }, footer: string, unsubscribe: Unsubscribe) {
  return `${htmlStart(locale)}
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)} ${turnOffHtml(t, unsubscribe.page)}</p>
</body></html>`;
}

/** The text version's last line: the footer and where to turn these e-mails off. */
const turnOffText = (t: EmailText, footer: string, unsubscribe: Unsubscribe) => `${footer} ${t("notifications.turnOff", { page: unsubscribe.page })}`;

export async function essayGradedEmail(input: {
  to: string;
  name: string;
  essayTitle: string;
  courseName: string;
  obtainedScore: number;
  totalScore: number;
  link: string;
  unsubscribe: Unsubscribe;
  locale: Locale;
}): Promise<MailMessage> {
  const t = await emailText(input.locale);
  const hello = greeting(t, input.name);
  const score = { obtained: formatMarks(input.locale, input.obtainedScore), total: formatMarks(input.locale, input.totalScore) };
  const result = t("essayGraded.result", { essay: input.essayTitle, course: input.courseName, ...score });
  const more = t("essayGraded.more");
  const footer = t("essayGraded.footer");
  const text = [hello, "", result, more, "", input.link, "", turnOffText(t, footer, input.unsubscribe)].join("\n");
  return {
    to: input.to,
    subject: t("essayGraded.subject", score),
    text,
    html: layout(input.locale, t, [hello, result, more], { label: t("essayGraded.button"), href: input.link }, footer, input.unsubscribe),
    headers: unsubscribeHeaders(input.unsubscribe),
  };
}

export async function meetingReminderEmail(input: {
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
  locale: Locale;
}): Promise<MailMessage> {
  const t = await emailText(input.locale);
  const hello = greeting(t, input.name);
  const when = formatDate(input.locale, input.startsAt, {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: input.timeZone,
    timeZoneName: "short",
  });
  const intro = t("sessionReminder.intro", { title: input.title, when, minutes: input.durationInMinutes });
  const join = t("sessionReminder.join", { link: input.joinLink });
  const footer = t("sessionReminder.footer");
  const text = [hello, "", intro, "", join, "", t("sessions.list", { page: input.page }), "", turnOffText(t, footer, input.unsubscribe)].join("\n");
  return {
    to: input.to,
    subject: t("sessionReminder.subject", { title: input.title }),
    text,
    html: layout(input.locale, t, [hello, intro, t("sessionReminder.joinShort")], { label: t("sessionReminder.button"), href: input.joinLink }, footer, input.unsubscribe),
    headers: unsubscribeHeaders(input.unsubscribe),
    attachments: [{ filename: input.calendar.fileName, content: input.calendar.calendar, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  };
}

/**
 * A group session the learner registered for changed or was cancelled. Not a notification one can
 * turn off: it corrects what the learner was told (and their calendar), as a sign-in link is needed.
 */
export async function meetingChangeEmail(input: {
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
  locale: Locale;
}): Promise<MailMessage> {
  const t = await emailText(input.locale);
  const hello = greeting(t, input.name);
  const when = formatDate(input.locale, input.startsAt, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: input.timeZone,
    timeZoneName: "short",
  });
  const words = input.kind === "changed" ? "sessionChanged" : "sessionCancelled";
  const intro = t(`${words}.intro`, { title: input.title, when, minutes: input.durationInMinutes });
  const more = t(`${words}.more`);
  const text = [hello, "", intro, "", more, "", t("sessions.list", { page: input.page })].join("\n");
  return {
    to: input.to,
    subject: t(`${words}.subject`, { title: input.title }),
    text,
    html: `${htmlStart(input.locale)}
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(more)}</p>
<p><a href="${escapeHtml(input.page)}">${escapeHtml(t("sessions.link"))}</a></p>
</body></html>`,
    attachments: [{ filename: input.calendar.fileName, content: input.calendar.calendar, contentType: `text/calendar; charset=utf-8; method=${input.method}` }],
  };
}

/**
 * A learner's request to buy a course was declined by an administrator, with their note when they left
 * one. Not a notification one can turn off: it is the answer to something the learner asked for.
 */
export async function purchaseDeclinedEmail(input: {
  to: string;
  name: string;
  courseName: string;
  requestedAt: Date;
  note: string | null;
  link: string;
  locale: Locale;
}): Promise<MailMessage> {
  const t = await emailText(input.locale);
  const hello = greeting(t, input.name);
  const day = formatDate(input.locale, input.requestedAt, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const answer = t("requestDeclined.answer", { day, course: input.courseName });
  const note = input.note ? t("requestDeclined.note", { note: input.note }) : t("requestDeclined.noNote");
  const more = t("requestDeclined.more");
  const text = [hello, "", answer, "", note, "", more, input.link].join("\n");
  return {
    to: input.to,
    subject: t("requestDeclined.subject", { course: input.courseName }),
    text,
    html: `${htmlStart(input.locale)}
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(answer)}</p>
<p>${escapeHtml(note)}</p>
<p>${escapeHtml(more)} <a href="${escapeHtml(input.link)}">${escapeHtml(t("requestDeclined.button"))}</a></p>
</body></html>`,
  };
}
