import "server-only";
import type { Locale } from "@/lib/i18n/languages";
import { emailText, escapeHtml, greeting, htmlStart } from "./email-text";
import type { MailMessage } from "./mailer";

/** The sign-in link, in the recipient's language; `validFor` is how long it works (an invitation's days, a link asked for's minutes). */
export async function signInEmail(input: {
  to: string;
  name: string;
  link: string;
  validFor: { days: number } | { minutes: number };
  invited: boolean;
  locale: Locale;
}): Promise<MailMessage> {
  const t = await emailText(input.locale);
  const hello = greeting(t, input.name);
  const intro = input.invited ? t("signIn.invited") : t("signIn.asked");
  const validFor = "days" in input.validFor ? t("signIn.days", { count: input.validFor.days }) : t("signIn.minutes", { count: input.validFor.minutes });
  const expires = t("signIn.expires", { validFor });
  const text = [hello, "", intro, "", input.link, "", expires].join("\n");
  const html = `${htmlStart(input.locale)}
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t("signIn.button"))}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t("signIn.paste", { link: input.link }))}</p>
<p style="font-size:13px;color:#555">${escapeHtml(expires)}</p>
</body></html>`;
  return { to: input.to, subject: t("signIn.subject"), text, html };
}
