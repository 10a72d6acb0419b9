import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "@/lib/server/db/client";
import { FolderInUseError, lockFolder, type LockHolder } from "@/lib/server/db/folder-lock";

let tmp: string;
let dir: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "folder-lock-"));
  dir = path.join(tmp, "pglite");
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(tmp, { recursive: true, force: true });
});

const procStartOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
};
const hasProc = existsSync("/proc/self/stat");
const bootId = hasProc ? readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() : null;

/** A lock file as another process would have written it. */
function writeLock(holder: Partial<LockHolder>) {
  const lock: LockHolder = {
    pid: 1,
    command: "npm run start:api",
    cwd: "/srv/app",
    host: os.hostname(),
    startedAt: "2025-01-01T00:00:00.000Z",
    procStart: null,
    bootId,
    socket: null,
    secret: "their-secret",
    ...holder,
  };
  writeFileSync(`${dir}.lock`, JSON.stringify(lock), { mode: 0o600 });
}

const lockedPid = () => (JSON.parse(readFileSync(`${dir}.lock`, "utf8")) as LockHolder).pid;

/** The pid of a process that has exited: nothing answers to it any more. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ["-e", ""]);
  return done.pid!;
}

describe("the lock of an embedded database folder", () => {
  it("is a file beside the folder, readable by its owner only, naming this process; released, it is gone", async () => {
    const lock = await lockFolder(dir);
    expect(statSync(`${dir}.lock`).mode & 0o777).toBe(0o600);
    expect(lockedPid()).toBe(process.pid);
    // Nothing of the database folder itself is created by taking the lock.
    expect(existsSync(dir)).toBe(false);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("refuses a second opener in the same process", async () => {
    const lock = await lockFolder(dir);
    await expect(lockFolder(dir)).rejects.toThrow(/This process opened it already/);
    lock.release();
  });

  it("refuses while a live process holds the folder, naming its pid and command, before any file of the database is touched", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      writeLock({ pid: child.pid!, procStart: hasProc ? procStartOf(child.pid!) : null });
      const refusal = await openDatabase({ dir }).catch((err: unknown) => err);
      expect(refusal).toBeInstanceOf(FolderInUseError);
      expect((refusal as Error).message).toContain(`The embedded database in ${dir} is in use by another process: pid ${child.pid}, \`npm run start:api\` in /srv/app`);
      expect((refusal as Error).message).not.toContain("their-secret");
      expect(existsSync(dir)).toBe(false);
      expect(lockedPid()).toBe(child.pid);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("takes over a lock whose process no longer runs, saying so", async () => {
    const gone = deadPid();
    writeLock({ pid: gone });
    const said = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const lock = await lockFolder(dir);
    expect(lockedPid()).toBe(process.pid);
    expect(said).toHaveBeenCalledWith(expect.stringContaining(`names pid ${gone} (\`npm run start:api\`), which no longer runs`));
    lock.release();
  });

  it.runIf(hasProc)("takes over a lock whose pid now belongs to a process started later", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      // The pid answers, but the process that took the lock started at another moment.
      writeLock({ pid: child.pid!, procStart: String(Number(procStartOf(child.pid!)) - 1000) });
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      const lock = await lockFolder(dir);
      expect(lockedPid()).toBe(process.pid);
      lock.release();
    } finally {
      child.kill("SIGKILL");
    }
  });

  it.runIf(hasProc)("takes over a lock from before the machine restarted", async () => {
    writeLock({ pid: process.ppid, bootId: "another-boot" });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const lock = await lockFolder(dir);
    expect(lockedPid()).toBe(process.pid);
    lock.release();
  });

  it("refuses a lock taken on another host, saying how to clear it", async () => {
    writeLock({ pid: deadPid(), host: "another-host" });
    await expect(lockFolder(dir)).rejects.toThrow(`pid ${lockedPid()} on the host another-host`);
    await expect(lockFolder(dir)).rejects.toThrow(`If it no longer runs there, delete ${dir}.lock and try again.`);
  });

  it("lets exactly one of many openers take over a stale lock at once", async () => {
    writeLock({ pid: deadPid() });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => lockFolder(dir)));
    const taken = results.filter((r) => r.status === "fulfilled");
    expect(taken).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(FolderInUseError);
    (taken[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof lockFolder>>>).value.release();
  });

  it("on release leaves a lock that is no longer its own", async () => {
    const lock = await lockFolder(dir);
    writeLock({ pid: process.ppid, secret: "someone-else" });
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(true);
  });

  it("takes over a lock file that is not a lock this code wrote, after a moment", async () => {
    writeFileSync(`${dir}.lock`, "");
    const lock = await lockFolder(dir);
    expect(lockedPid()).toBe(process.pid);
    lock.release();
  });

  it("is released by a process that exits without closing the database", () => {
    const lockModule = path.resolve("lib/server/db/folder-lock.ts");
    const exited = spawnSync(
      process.execPath,
      ["--import", "tsx", "--conditions=react-server", "--input-type=module", "-e", `const { lockFolder } = await import(${JSON.stringify(lockModule)}); await lockFolder(${JSON.stringify(dir)}); process.exit(3);`],
      { encoding: "utf8" },
    );
    expect(exited.status, exited.stderr).toBe(3);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
