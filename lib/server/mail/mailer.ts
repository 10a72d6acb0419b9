import "server-only";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  readonly kind: "smtp" | "log" | "memory";
  send(message: MailMessage): Promise<void>;
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(message) {
      // Quoted-printable even for text mostly in Hindi, Tamil or Telugu (nodemailer would pick base64):
      // the links, addresses and numbers stay readable in the message's source.
      await transport.sendMail({ from, ...message, textEncoding: "quoted-printable" });
    },
  };
}

/** Without SMTP the message (and so the sign-in link) goes to the server log, so a developer can still sign in. */
export function logMailer(): Mailer {
  return {
    kind: "log",
    async send(message) {
      console.log(
        `\n[mail] No SMTP_URL is set, so this e-mail was not sent. To: ${message.to}\n[mail] Subject: ${message.subject}\n${message.text}\n`,
      );
    },
  };
}
