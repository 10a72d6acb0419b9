import "server-only";
import { connect } from "node:net";
import { livenessOf, readLockHolder, type LockHolder } from "../db/folder-lock";
import type { CommandAnswer, CommandOutput, CommandRequest } from "./protocol";

/** How long a command waits for a server that holds the folder but is still starting (migrating, importing the demo content). */
const STARTING_TIMEOUT_MS = 120_000;

export type HandOver = { exit: number } | { gone: true };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Attempt = { exit: number } | { notListening: true } | { stopping: true };

function attempt(holder: LockHolder, request: Omit<CommandRequest, "secret">, out: CommandOutput): Promise<Attempt> {
  return new Promise((resolve) => {
    const socket = connect(holder.socket!);
    let connected = false;
    let finished = false;
    let buffered = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify({ ...request, secret: holder.secret })}\n`);
    });
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        let answer: CommandAnswer;
        try {
          answer = JSON.parse(line) as CommandAnswer;
        } catch {
          answer = { err: line };
        }
        if ("out" in answer) out.log(answer.out);
        else if ("err" in answer) out.error(answer.err);
        else if ("stopping" in answer) {
          finished = true;
          resolve({ stopping: true });
        } else {
          finished = true;
          resolve({ exit: answer.exit });
        }
      }
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === "ENOENT" || err.code === "ECONNREFUSED")) {
        finished = true;
        resolve({ notListening: true });
      }
    });
    socket.on("close", () => {
      if (finished) return;
      out.error(
        `The server (pid ${holder.pid}) closed the connection before the command finished: it may have stopped. ` +
          `Check its log, and whether the command's work was done, before running it again.`,
      );
      resolve({ exit: 1 });
    });
  });
}

/**
 * Sends a command to the server that holds the embedded database and prints what it prints; the
 * exit code is the server's. While the server is still starting (its lock is there, its socket not
 * yet), waits for it. `gone` means the holder let go of the folder (stopped, or was killed): the
 * caller can open it itself.
 */
export async function handToOwner(holder: LockHolder, dir: string, request: Omit<CommandRequest, "secret">, out: CommandOutput): Promise<HandOver> {
  out.error(`[database] ${dir} is held by a running server (pid ${holder.pid}, \`${holder.command}\`): the server runs this command.`);
  const deadline = Date.now() + STARTING_TIMEOUT_MS;
  let waiting = false;
  for (;;) {
    const result = await attempt(holder, request, out);
    if ("exit" in result) return result;
    const now = readLockHolder(dir)?.holder;
    if (!now || now.secret !== holder.secret || livenessOf(holder) === "dead") return { gone: true };
    if (Date.now() > deadline) {
      out.error(
        `The server (pid ${holder.pid}) holds ${dir} but has not answered on ${holder.socket} for ${STARTING_TIMEOUT_MS / 1000} s. ` +
          `Check its log; stop it to run this command on its own.`,
      );
      return { exit: 1 };
    }
    if (!waiting) {
      out.error(
        "stopping" in result
          ? "[database] The server is stopping; waiting for it to let go of the folder…"
          : "[database] The server is still starting; waiting for it…",
      );
    }
    waiting = true;
    await sleep(250);
  }
}
