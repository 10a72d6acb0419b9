import "server-only";
import { timingSafeEqual } from "node:crypto";
import { chmodSync, lstatSync, unlinkSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import type { FolderLock } from "../db/folder-lock";
import type { Deps } from "../deps";
import { isOperatorCommand, operatorCommands, runOperatorCommand, UsageError } from "./commands";
import { MAX_REQUEST_BYTES, type CommandAnswer, type CommandRequest } from "./protocol";

/** How much of an unexpected error a command prints. */
const MAX_SHOWN_ERROR = 2000;

/** How long a stopping server waits for the operator command it is running. */
const DRAIN_LIMIT_MS = 60_000;

/**
 * The owner of an embedded database takes the operator commands (content:import, content:export, users:invite,
 * certificates, db:seed, db:migrate, db:backup) on a Unix socket beside the folder, and runs them
 * on its own open database, so no second process ever opens the folder.
 *
 * Who may send one: the socket file is created with mode 0600, so only the operating-system user
 * the server runs as (and root) can connect; each request must also carry the secret written in the
 * lock file, itself mode 0600. Nothing listens on TCP. Commands run one at a time, in the order they
 * arrive.
 */
export function serveOperatorCommands(folder: FolderLock, getDeps: () => Promise<Deps>): Promise<void> {
  const socketPath = folder.holder.socket;
  if (!socketPath) return Promise.resolve();
  const expected = Buffer.from(folder.holder.secret);
  let queue: Promise<unknown> = Promise.resolve();
  let running: string | null = null;
  let closing = false;

  const server = createServer((socket) => {
    socket.on("error", () => undefined);
    let buffered = "";
    let started = false;
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      if (started) return;
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) {
        started = true;
        return refuse(socket, "the request is too large");
      }
      const end = buffered.indexOf("\n");
      if (end < 0) return;
      started = true;
      let request: CommandRequest;
      try {
        request = JSON.parse(buffered.slice(0, end)) as CommandRequest;
      } catch {
        return refuse(socket, "the request is not JSON");
      }
      if (!request || typeof request !== "object") return refuse(socket, "the request is not a JSON object");
      const secret = Buffer.from(typeof request.secret === "string" ? request.secret : "");
      if (secret.length !== expected.length || !timingSafeEqual(secret, expected)) return refuse(socket, "the secret does not match this server's lock file");
      if (!isOperatorCommand(request.command) || !Array.isArray(request.args) || !request.args.every((a) => typeof a === "string") || typeof request.cwd !== "string") {
        return refuse(socket, `${String(request.command)} is not an operator command this server runs`);
      }
      if (closing) {
        send(socket, { stopping: true });
        return void socket.end();
      }
      if (running) send(socket, { err: `[database] Waiting for \`${running}\`, which the server is running, to finish…` });
      queue = queue.then(() => runRequest(socket, request, getDeps, (name) => (running = name)));
    });
  });
  server.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "operator command socket failed", socket: socketPath, err: err.message })));

  // A socket file left by an owner that was killed: the lock is ours now, so nothing listens on it.
  if (process.platform !== "win32") {
    try {
      if (lstatSync(socketPath).isSocket()) unlinkSync(socketPath);
    } catch {
      // none there
    }
  }
  // A command the server is running finishes before the database closes (a stop, a restart);
  // commands that come after find no socket and wait, then run on their own once the server is gone.
  folder.beforeClose(async () => {
    closing = true;
    server.close();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), DRAIN_LIMIT_MS)));
    const outcome = await Promise.race([queue.then(() => "done" as const), limit]);
    clearTimeout(timer);
    if (outcome === "late") {
      console.error(JSON.stringify({ level: "error", msg: "closing the database while an operator command still runs", command: running, waitedMs: DRAIN_LIMIT_MS }));
    }
  });
  folder.onRelease(() => {
    server.close();
    if (process.platform !== "win32") {
      try {
        unlinkSync(socketPath);
      } catch {
        // already gone
      }
    }
  });
  return new Promise((resolve) => {
    // Created 0600 from the start: the socket never exists with wider permissions, even for a moment.
    // (A worker thread may not set the umask; then the chmod below, and the secret, still hold.)
    let umask: number | undefined;
    try {
      if (process.platform !== "win32") umask = process.umask(0o177);
    } catch {
      umask = undefined;
    }
    server.listen(socketPath, () => {
      if (process.platform !== "win32") chmodSync(socketPath, 0o600);
      resolve();
    });
    if (umask !== undefined) process.umask(umask);
    server.unref();
  });
}

function send(socket: Socket, answer: CommandAnswer) {
  if (!socket.destroyed && socket.writable) socket.write(`${JSON.stringify(answer)}\n`);
}

function refuse(socket: Socket, reason: string) {
  send(socket, { err: `The server refused the command: ${reason}.` });
  send(socket, { exit: 2 });
  socket.end();
}

async function runRequest(socket: Socket, request: CommandRequest, getDeps: () => Promise<Deps>, setRunning: (name: string | null) => void) {
  const name = request.command as keyof typeof operatorCommands;
  const label = [`npm run ${name}`, ...request.args].join(" ");
  const started = Date.now();
  let exit = 1;
  setRunning(label);
  try {
    const out = { log: (line: string) => send(socket, { out: line }), error: (line: string) => send(socket, { err: line }) };
    try {
      const work = operatorCommands[name].parse(request.args);
      const deps = await getDeps();
      const folder = deps.database.folder;
      exit = await runOperatorCommand(
        { database: deps.database, deps, where: folder ? `PGlite in ${folder.dir}` : "PostgreSQL (DATABASE_URL)", cwd: request.cwd, out, inServer: true },
        name,
        work,
      );
    } catch (err) {
      if (err instanceof UsageError) {
        out.error(err.message);
        exit = err.exitCode;
      } else {
        // The whole error goes to the server's log; the command gets its start (a failed query carries every parameter).
        const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
        console.error(JSON.stringify({ level: "error", msg: "operator command failed", command: name, args: request.args, err: text }));
        const shown = text.length > MAX_SHOWN_ERROR ? `${text.slice(0, MAX_SHOWN_ERROR)}… (the server's log has the whole error)` : text;
        out.error(`${label} failed in the server (pid ${process.pid}): ${shown}`);
        exit = 1;
      }
    }
  } finally {
    setRunning(null);
    console.log(JSON.stringify({ level: "info", msg: "operator command", command: name, args: request.args, pid: request.pid, exit, ms: Date.now() - started }));
    send(socket, { exit });
    // The exit code reaches the command before a stopping server goes on to close the database.
    await new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.end(() => resolve())));
  }
}
