import { spawn, type ChildProcess } from "node:child_process";
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A free local port, found by listening on port 0 and closing again. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One standalone API process (`npm run start:api`: the same deps and the same way of stopping as `npm start`). */
export interface ApiProcess {
  url: string;
  port: number;
  proc: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  /** Resolves with its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** A database URL naming `name` on the server of `url`. */
export function databaseUrlOf(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Starts the standalone API on `databaseUrl` and waits until its health check answers. */
export async function startApiProcess(databaseUrl: string, options: { port?: number; env?: Record<string, string> } = {}): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  // As `npm run start:api` runs it: one process, so a signal reaches the server itself.
  const proc = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "lib/server/api/standalone.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, API_PORT: String(port), APP_ENV: "stage", SMTP_URL: "", ATTEMPT_SWEEP_INTERVAL_MS: "200", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout?.on("data", (d) => (output += d));
  proc.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}/api`;
  for (let i = 0; i < 240; i++) {
    if (proc.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, port, proc, output: () => output, exited };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  proc.kill("SIGKILL");
  throw new Error(`the API process did not start:\n${output}`);
}

/** Sends SIGTERM and waits for the process to exit; resolves with its exit code. */
export async function stopApiProcess(api: ApiProcess, timeoutMs = 30_000): Promise<number | null> {
  api.proc.kill("SIGTERM");
  const timer = setTimeout(() => api.proc.kill("SIGKILL"), timeoutMs);
  try {
    return await api.exited;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A small HTTP proxy in front of several API processes, as a load balancer would be: each request
 * goes to the next backend in turn, among those whose health check (`GET /api/health`, every 100 ms)
 * last answered 200; a stopping process fails it during its drain (STOP_DRAIN_SECONDS), so the proxy
 * stops sending before the process closes its socket. A backend that refuses the connection (stopped,
 * or not started yet) was sent nothing, so the request is tried on the next one. Nothing else is
 * retried: a request sent without an answer back is answered 502 and counted as failed.
 *
 * Clients may keep their connections to the proxy alive; the proxy opens a new connection to a
 * backend for each request. With connections kept open to a backend, a request written to an idle
 * connection at the moment the stopping backend closes it is lost in a way no proxy can tell from a
 * request the backend read, so it could neither retry nor count it fairly. The backends' own
 * handling of kept connections (answers with `Connection: close` while stopping) is tested on its own.
 */
export async function startProxy(backends: () => string[]) {
  const answers: { path: string; status: number; backend: string }[] = [];
  const failures: string[] = [];
  const healthy = new Set<string>();
  let refused = 0;
  let next = 0;
  let checking = true;
  void (async () => {
    while (checking) {
      await Promise.all(
        backends().map(async (backend) => {
          const ok = await fetch(`${backend}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) healthy.add(backend);
          else healthy.delete(backend);
        }),
      );
      await sleep(100);
    }
  })();
  const forward = (req: IncomingMessage, body: Buffer, backend: string) =>
    new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }>((resolve, reject) => {
      const target = new URL(req.url ?? "/", backend);
      const headers = { ...req.headers, host: target.host, connection: "close" };
      const out = httpRequest(target, { method: req.method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      });
      out.on("error", reject);
      out.end(body);
    });
  const server = createHttpServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const all = backends();
    const inRotation = all.filter((b) => healthy.has(b));
    const list = inRotation.length ? inRotation : all;
    const giveUpAt = Date.now() + 20_000;
    for (let tries = 0; ; tries++) {
      const backend = list[next++ % list.length]!;
      try {
        const answer = await forward(req, body, backend);
        answers.push({ path: req.url ?? "", status: answer.status, backend });
        // The proxy's own connection to its client decides keep-alive; the body is sent whole.
        const headers = { ...answer.headers };
        for (const hop of ["connection", "keep-alive", "transfer-encoding"]) delete headers[hop];
        res.writeHead(answer.status, headers).end(answer.body);
        return;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "ECONNREFUSED" && Date.now() < giveUpAt) {
          refused += 1;
          // Every backend refused: wait a moment for one to come back.
          if (tries % list.length === list.length - 1) await sleep(100);
          continue;
        }
        failures.push(`${req.method} ${req.url} on ${backend}: ${code ?? String(err)}`);
        res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ error: "bad_gateway", message: String(err), statusCode: 502 }));
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answers,
    failures,
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        checking = false;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A real SMTP server on a local port that records what it accepts. It can defer messages as a busy
 * server does (a 4xx reply: try again later), the first `deferFirst` of them or all while
 * `deferring` is set, and take `delayMs` over each.
 */
export async function startSmtpServer(options: { deferFirst?: number; delayMs?: number } = {}) {
  const received: { to: string[]; raw: string }[] = [];
  const state = { deferring: false, deferred: 0, deferLeft: options.deferFirst ?? 0, delayMs: options.delayMs ?? 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        setTimeout(() => {
          if (state.deferring || state.deferLeft > 0) {
            state.deferLeft -= 1;
            state.deferred += 1;
            callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
            return;
          }
          received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString("utf8") });
          callback();
        }, state.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    /** How many messages each recipient received. */
    countsByRecipient: () => {
      const counts = new Map<string, number>();
      for (const m of received) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
      return counts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** Asks for a sign-in link for each address, spread over the processes, each from an address of its own. */
export async function askForLinks(apis: ApiProcess[], emails: string[]) {
  const statuses = await Promise.all(
    emails.map((email, i) =>
      fetch(`${apis[i % apis.length]!.url}/auth/login/invite`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}` },
        body: JSON.stringify({ value: email }),
      }).then((r) => r.status),
    ),
  );
  if (statuses.some((s) => s !== 200)) throw new Error(`a sign-in link was refused: ${statuses.join(", ")}`);
}

/** Waits until every address received mail, then a while longer for any second copy; returns how many each got. */
export async function deliveredOnce(smtp: SmtpServer, emails: string[], timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && emails.some((e) => !smtp.countsByRecipient().has(e))) await sleep(250);
  await sleep(3000);
  const counts = smtp.countsByRecipient();
  return emails.filter((e) => counts.get(e) !== 1).map((e) => `${e}: ${counts.get(e) ?? 0}`);
}

