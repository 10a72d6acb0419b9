import "server-only";
import type { MailMessage } from "./mailer";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

export function signInEmail(input: { to: string; name: string; link: string; validFor: string; invited: boolean }): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : "Hello,";
  const intro = input.invited
    ? "You have been invited to the learning platform. Use the link below to sign in."
    : "Here is the sign-in link you asked for.";
  const text = [
    greeting,
    "",
    intro,
    "",
    input.link,
    "",
    `The link works once and expires in ${input.validFor}. If you did not ask for it, you can ignore this e-mail.`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">Sign in</a></p>
<p style="font-size:13px;color:#555">Or paste this address into your browser: ${escapeHtml(input.link)}</p>
<p style="font-size:13px;color:#555">The link works once and expires in ${escapeHtml(input.validFor)}. If you did not ask for it, you can ignore this e-mail.</p>
</body></html>`;
  return { to: input.to, subject: "Your sign-in link", text, html };
}
