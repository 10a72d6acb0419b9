import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, openSync, readFileSync, closeSync, statSync, unlinkSync, writeSync, fsyncSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One owner per embedded database folder. PGlite keeps no lock of its own: two processes that open
 * one folder both write its files, and the folder is corrupted (rows gone, indexes pointing past the
 * end of their tables). Every opener takes this lock first, before any file of the database is
 * touched, so the second one refuses with the holder's name instead.
 *
 * The lock is a file beside the folder (`<folder>.lock`, mode 0600), not inside it, so that a copy
 * or a dump of the folder never carries it. It is created whole or not at all: written under a
 * temporary name, then hard-linked to its name, which fails when the name exists. It records who
 * holds the folder (pid, command, working directory, host, start time), what tells that process
 * apart from a later one given the same pid (its start time in /proc and the boot it runs in), and,
 * for a server that takes operator commands, the path of its control socket and the secret a command
 * must send (operations/control-server.ts).
 */

export interface LockHolder {
  pid: number;
  /** How the holder was started, in words an operator recognises (`npm run start:api`). */
  command: string;
  cwd: string;
  host: string;
  startedAt: string;
  /** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), where there is a /proc. */
  procStart: string | null;
  bootId: string | null;
  /** The control socket of a holder that takes operator commands, else null. */
  socket: string | null;
  /** Random, per lock: what a command must present on the socket, and how a lock is known as ours. */
  secret: string;
}

export interface FolderLock {
  readonly dir: string;
  readonly file: string;
  readonly holder: LockHolder;
  /** Work the database must finish before it closes (a running operator command). */
  beforeClose(fn: () => Promise<void>): void;
  /** Waits for the work registered with beforeClose; called as the database closes. */
  drain(): Promise<void>;
  /** Runs `fn` (synchronously) when the lock is released, before the lock file goes. */
  onRelease(fn: () => void): void;
  release(): void;
}

export const lockFileOf = (dir: string) => `${path.resolve(dir)}.lock`;

/**
 * Where the control socket of the folder's owner listens: beside the folder when the path fits a
 * Unix socket address (about 100 bytes), else in the temporary folder under a name made from the
 * folder's path. Windows has named pipes instead.
 */
export function socketPathOf(dir: string): string {
  const resolved = path.resolve(dir);
  const digest = createHash("sha256").update(resolved).digest("hex").slice(0, 16);
  if (process.platform === "win32") return `\\\\.\\pipe\\pglite-${digest}`;
  const beside = `${resolved}.sock`;
  return Buffer.byteLength(beside) < 100 ? beside : path.join(os.tmpdir(), `pglite-${digest}.sock`);
}

function readOr<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** Field 22 (starttime) of /proc/<pid>/stat; the command name in field 2 may hold spaces and parentheses. */
function procStartOf(pid: number | "self"): string | null {
  return readOr(() => {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  }, null);
}

const bootId = () => readOr(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim(), null);

/** The command that started this process, as the operator typed it when npm ran it. */
function describeCommand(): string {
  const script = process.env.npm_lifecycle_event;
  if (script === "npx") return `npx ${process.env.npm_lifecycle_script ?? ""}`.trim();
  if (script) return script === "start" || script === "test" ? `npm ${script}` : `npm run ${script}`;
  const args = process.argv.slice(1).map((a) => (path.isAbsolute(a) ? path.relative(process.cwd(), a) || a : a));
  return ["node", ...args].join(" ");
}

export type Liveness = "alive" | "dead" | "elsewhere";

/** Whether the process a lock names still runs: its pid answers, and it is the same process that took the lock. */
export function livenessOf(holder: LockHolder): Liveness {
  if (holder.host !== os.hostname()) return "elsewhere";
  const ourBoot = bootId();
  if (holder.bootId && ourBoot && holder.bootId !== ourBoot) return "dead";
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: the process exists and belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return "dead";
  }
  // The pid answers; a process started later under the same pid does not hold the lock.
  if (holder.procStart) {
    const now = procStartOf(holder.pid);
    if (now && now !== holder.procStart) return "dead";
  }
  return "alive";
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== "number" || typeof value.secret !== "string" || typeof value.host !== "string") return null;
    return {
      pid: value.pid,
      command: String(value.command ?? "an unknown command"),
      cwd: String(value.cwd ?? ""),
      host: value.host,
      startedAt: String(value.startedAt ?? ""),
      procStart: value.procStart ?? null,
      bootId: value.bootId ?? null,
      socket: value.socket ?? null,
      secret: value.secret,
    };
  } catch {
    return null;
  }
}

/** The lock's holder as recorded, or null when there is no lock; throws when the file cannot be read. */
export function readLockHolder(dir: string): { holder: LockHolder | null; raw: string } | null {
  let raw: string;
  try {
    raw = readFileSync(lockFileOf(dir), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  return { holder: parseHolder(raw), raw };
}

/** A folder another live process holds. Its message names the holder and what to do. */
export class FolderInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly lockFile: string,
    readonly holder: LockHolder,
    readonly liveness: Liveness,
  ) {
    const who = `pid ${holder.pid}${liveness === "elsewhere" ? ` on the host ${holder.host}` : ""}, \`${holder.command}\`${holder.cwd ? ` in ${holder.cwd}` : ""}, since ${holder.startedAt}`;
    const self = liveness === "alive" && holder.pid === process.pid;
    const todo = self
      ? "This process opened it already; use the database it opened."
      : liveness === "elsewhere"
        ? `Stop that process on ${holder.host}. If it no longer runs there, delete ${lockFile} and try again.`
        : `Stop that process (or wait for it to finish), then try again. ` +
          `While a server holds the folder, run the operator commands (content:import, content:export, users:invite, certificates, db:seed, db:migrate, db:backup) as usual: they hand their work to it.`;
    super(
      `The embedded database in ${dir} is in use by another process: ${who}. ` +
        `Two processes writing one folder corrupt it, so this one did not open it. ${todo}`,
    );
    this.name = "FolderInUseError";
    // Kept out of what Node prints for an uncaught error: the holder's secret stays in the 0600 lock file.
    Object.defineProperty(this, "holder", { enumerable: false });
  }
}

/** A lock file that cannot be read or written (another user's, a read-only disk): said plainly rather than taken over. */
export class FolderLockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FolderLockError";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function writeWhole(file: string, text: string): "created" | "exists" {
  // Written whole under a name of its own, then linked to the lock's name: another opener sees no
  // lock or a complete one, never a half-written file.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  const fd = openSync(temp, "wx", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
    return "created";
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return "exists";
    // A file system without hard links: an exclusive create of the name itself.
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw err;
    try {
      const fd2 = openSync(file, "wx", 0o600);
      try {
        writeSync(fd2, text);
        fsyncSync(fd2);
      } finally {
        closeSync(fd2);
      }
      return "created";
    } catch (err2) {
      if ((err2 as NodeJS.ErrnoException).code === "EEXIST") return "exists";
      throw err2;
    }
  } finally {
    readOr(() => unlinkSync(temp), undefined);
  }
}

/**
 * Removes a lock whose holder is gone, if it is still the one judged stale. Two openers may judge
 * one lock stale at once; a guard file, created exclusively, lets only one of them remove it, so
 * neither removes the fresh lock the other has just taken.
 */
function removeStale(file: string, staleRaw: string, stale: LockHolder | null) {
  const guard = `${file}.takeover`;
  try {
    closeSync(openSync(guard, "wx", 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    // A guard left by an opener that died while taking over is old within seconds.
    const age = readOr(() => Date.now() - statSync(guard).mtimeMs, 0);
    if (age > 10_000) readOr(() => unlinkSync(guard), undefined);
    return;
  }
  try {
    const current = readOr(() => readFileSync(file, "utf8"), null);
    if (current !== staleRaw) return;
    unlinkSync(file);
    // A socket the dead holder listened on is left behind too.
    if (stale?.socket && process.platform !== "win32") readOr(() => unlinkSync(stale.socket!), undefined);
  } finally {
    readOr(() => unlinkSync(guard), undefined);
  }
}

export interface LockOptions {
  /** The owner will take operator commands on a control socket: recorded so a command finds it. */
  acceptsCommands?: boolean;
}

/**
 * Takes the folder for this process, before any file of the database is opened: throws
 * FolderInUseError when a live process holds it, and takes over a lock whose holder is gone
 * (killed, crashed, or a pid now used by another process). Released by `release()` or when the
 * process exits.
 */
export async function lockFolder(dir: string, options: LockOptions = {}): Promise<FolderLock> {
  const resolved = path.resolve(dir);
  const file = lockFileOf(resolved);
  mkdirSync(path.dirname(resolved), { recursive: true });
  const holder: LockHolder = {
    pid: process.pid,
    command: describeCommand(),
    cwd: process.cwd(),
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    procStart: procStartOf("self"),
    bootId: bootId(),
    socket: options.acceptsCommands ? socketPathOf(resolved) : null,
    secret: randomBytes(32).toString("base64url"),
  };
  const text = `${JSON.stringify(holder, null, 2)}\n`;
  let unreadableSince: number | undefined;
  for (let attempt = 0; ; attempt++) {
    let outcome: "created" | "exists";
    try {
      outcome = writeWhole(file, text);
    } catch (err) {
      throw new FolderLockError(`Cannot create the lock ${file} of the embedded database: ${(err as Error).message}`);
    }
    if (outcome === "created") break;
    let found: ReturnType<typeof readLockHolder>;
    try {
      found = readLockHolder(resolved);
    } catch (err) {
      throw new FolderLockError(
        `The embedded database in ${resolved} is locked by ${file}, which this process cannot read (${(err as NodeJS.ErrnoException).code}): ` +
          `it belongs to another user, whose process may hold the folder. Run as that user, or stop that process.`,
      );
    }
    if (!found) continue; // released between our attempt and the read: try again
    if (found.holder) {
      const liveness = livenessOf(found.holder);
      if (liveness !== "dead") throw new FolderInUseError(resolved, file, found.holder, liveness);
      console.error(
        `[database] ${file} names pid ${found.holder.pid} (\`${found.holder.command}\`), which no longer runs: the folder was not closed cleanly. Taking it over.`,
      );
      removeStale(file, found.raw, found.holder);
    } else {
      // Not a lock this code wrote whole: give a writer using another scheme a moment, then take it over.
      unreadableSince ??= Date.now();
      if (Date.now() - unreadableSince > 2_000) removeStale(file, found.raw, null);
    }
    if (attempt > 200) throw new FolderLockError(`Could not take the lock ${file}: it keeps changing. Is another process starting on the same folder?`);
    await sleep(10);
  }

  const hooks: (() => void)[] = [];
  const closing: (() => Promise<void>)[] = [];
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener("exit", release);
    for (const hook of hooks.splice(0)) readOr(hook, undefined);
    // Only our own lock goes: never one another process took after ours was judged stale.
    const current = readOr(() => parseHolder(readFileSync(file, "utf8")), null);
    if (current?.secret === holder.secret) readOr(() => unlinkSync(file), undefined);
  };
  process.on("exit", release);
  return {
    dir: resolved,
    file,
    holder,
    beforeClose: (fn) => closing.push(fn),
    drain: async () => {
      await Promise.allSettled(closing.splice(0).map((fn) => fn()));
    },
    onRelease: (fn) => hooks.push(fn),
    release,
  };
}
