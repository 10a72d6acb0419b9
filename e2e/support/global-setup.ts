import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on a local port: every e-mail the app sends is written to E2E_MAIL_DIR as a file.
 * A test makes it refuse its next N messages with a temporary failure (451) by writing N to the control
 * file REFUSE_NEXT_FILE in that folder (e2e/support/mailbox.ts: refuseNextMails).
 * And the fake chat widget's script, served from another origin as a real widget would be.
 */
/** The control file in E2E_MAIL_DIR: the number of messages still to refuse. */
export const REFUSE_NEXT_FILE = "refuse-next.txt";

export default async function globalSetup() {
  const dir = process.env.E2E_MAIL_DIR!;
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const control = path.join(dir, REFUSE_NEXT_FILE);
        let refuse = 0;
        try {
          refuse = Number(readFileSync(control, "utf8")) || 0;
        } catch {
          // no control file: accept
        }
        if (refuse > 0) {
          if (refuse > 1) writeFileSync(control, String(refuse - 1));
          else rmSync(control, { force: true });
          callback(Object.assign(new Error("4.3.2 Try again later (the test's server refuses this message)"), { responseCode: 451 }));
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        count += 1;
        const file = path.join(dir, `${Date.now()}-${String(count).padStart(4, "0")}.json`);
        writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_SMTP_PORT), "127.0.0.1", resolve));

  const widget = readFileSync(path.join(import.meta.dirname, "fake-chat-widget.js"));
  const chat = createServer((req, res) => {
    if (req.url?.split("?")[0] !== "/widget.js") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/javascript", "access-control-allow-origin": "*", "cache-control": "no-store" }).end(widget);
  });
  await new Promise<void>((resolve) => chat.listen(Number(process.env.E2E_CHAT_PORT), "127.0.0.1", resolve));

  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => chat.close(() => resolve()));
  };
}
