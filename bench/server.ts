import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

/** Variables added to the environment of a child process. */
export type Env = Record<string, string | undefined>;

export const NEXT_BIN = "node_modules/next/dist/bin/next";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every process the bench started and has not stopped yet, so a failure still stops them all. */
const running = new Set<ChildProcess>();

/** Stops a process started with `detached: true` together with its children (its process group). */
async function stopProcess(child: ChildProcess, graceMs = 10_000) {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // the group has already gone
    }
  };
  signal("SIGTERM");
  const done = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!done) {
    signal("SIGKILL");
    await Promise.race([exited, sleep(2000)]);
  }
}

export async function stopAll() {
  await Promise.all([...running].map((child) => stopProcess(child)));
}

/** Runs a command to its end; rejects with the tail of its output when it fails. */
export function runCommand(command: string, args: string[], env: Env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.add(child);
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    child.once("error", (err) => {
      running.delete(child);
      reject(err);
    });
    child.once("exit", (code) => {
      running.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

export interface RunningServer {
  name: string;
  origin: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  name: string;
  command: string;
  args: string[];
  port: number;
  env: Env;
  timeoutMs?: number;
}

/** Starts a server in its own process group and waits until GET /api/health answers 200. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const child = spawn(options.command, options.args, {
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const origin = `http://127.0.0.1:${options.port}`;
  const server: RunningServer = { name: options.name, origin, pid: child.pid!, output: () => output, stop: () => stopProcess(child) };

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await server.stop();
  throw new Error(`${options.name} did not answer ${origin}/api/health:\n${output.slice(-4000)}`);
}

/** Undoes quoted-printable transfer encoding, enough to read a link out of a text part. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export interface Mailbox {
  port: number;
  /** Waits for the next e-mail to `to` and returns the token of the sign-in link in it. */
  nextSignInToken: (to: string, timeoutMs?: number) => Promise<string>;
  close: () => Promise<void>;
}

/** A real SMTP server on a local port that keeps every e-mail in memory. */
export async function startMailbox(): Promise<Mailbox> {
  const mails: { to: string[]; raw: string }[] = [];
  const read = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  async function nextSignInToken(to: string, timeoutMs = 15_000) {
    const address = to.toLowerCase();
    const seen = read.get(address) ?? 0;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mail = mails.filter((m) => m.to.includes(address))[seen];
      if (mail) {
        read.set(address, seen + 1);
        const token = /#inviteId=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail.raw))?.[1];
        if (!token) throw new Error(`the e-mail to ${to} holds no sign-in link`);
        return token;
      }
      await sleep(100);
    }
    throw new Error(`no sign-in e-mail reached ${to} within ${timeoutMs} ms`);
  }

  return { port, nextSignInToken, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Signs in through the e-mailed link, as a learner would, and returns the session token. */
export async function signIn(origin: string, email: string, mailbox: Mailbox): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${origin}/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const asked = await post("/auth/login/invite", { value: email });
  if (asked.status !== 200) throw new Error(`POST /api/auth/login/invite answered ${asked.status}: ${await asked.text()}`);
  const inviteId = await mailbox.nextSignInToken(email);
  const finished = await post("/auth/finishLogin", { inviteId });
  if (finished.status !== 201) throw new Error(`POST /api/auth/finishLogin answered ${finished.status}: ${await finished.text()}`);
  return ((await finished.json()) as { userToken: string }).userToken;
}

/**
 * The production build the bench measures, in its own dist dir and with the baseline page.
 * Built in two steps (compile, then generate) so that the build neither type-checks (npm run
 * typecheck does) nor rewrites tsconfig.json and next-env.d.ts for its dist dir. `flags` are added to
 * both steps (`--profile --no-mangling`: React's profiling build, with the components' names).
 */
export async function buildForBench(distDir: string, env: Env, flags: string[] = []) {
  for (const mode of ["compile", "generate"]) {
    await runCommand(process.execPath, [NEXT_BIN, "build", `--experimental-build-mode=${mode}`, ...flags], { ...env, BENCH_BUILD: "1", NEXT_DIST_DIR: distDir });
  }
}
