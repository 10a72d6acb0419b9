import type { MailMessage, Mailer } from "@/lib/server/mail/mailer";

/** Keeps e-mails in memory so a test can open the link a learner would get. */
export function memoryMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[] } = {
    kind: "memory",
    sent,
    async send(message) {
      sent.push(message);
    },
  };
  return mailer;
}

export function linkToken(message: MailMessage | undefined): string {
  const match = /#inviteId=([A-Za-z0-9_-]+)/.exec(message?.text ?? "");
  if (!match) throw new Error(`no sign-in link in e-mail: ${message?.text}`);
  return match[1]!;
}

/** Has the mail server refuse every message to `address` with `reply` (SMTP `code`); returns the undo. */
export function refuseMailTo(mailer: Mailer, address: string, reply: string, code: number) {
  const send = mailer.send.bind(mailer);
  mailer.send = async (message) => {
    if (message.to === address) throw Object.assign(new Error(reply), { responseCode: code });
    return send(message);
  };
  return () => {
    mailer.send = send;
  };
}
