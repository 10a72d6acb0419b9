import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "@/lib/server/content/import-content";
import { openDatabase } from "@/lib/server/db/client";
import { FolderInUseError } from "@/lib/server/db/folder-lock";
import { certificates, courses, users } from "@/lib/server/db/schema";
import { generatedCourse, writeContentDir } from "../support/courses";
import { checkIntegrity, runScript, snapshotFolder, spawnServer, startServer, type RunningServer } from "../support/embedded-server";
import { DEMO_COURSES, DEMO_USERS } from "../support/demo-content";

/*
 * The report this answers: with the server running on the embedded database, `content:import` opened
 * the same folder, printed "Imported … users 500", and after a restart the users were gone and an
 * index pointed past the end of its table. Here the server runs on a folder of its own and every
 * operator command is run against that folder as an operator runs it, in a process of its own: each
 * hands its work to the server. Then the server is stopped and the folder is checked whole.
 * Starts several Node processes: run with RELIABILITY=1 (CI's reliability step does).
 */
const enabled = process.env.RELIABILITY === "1";

const IMPORTED_USERS = 500;

describe.runIf(enabled)("one owner per embedded database", () => {
  let tmp: string;
  let dir: string;
  let contentDir: string;
  let certificateUid: string;
  let server: RunningServer;
  const serverSays = (text: string) => server.output().includes(text);

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "owner-"));
    dir = path.join(tmp, "pglite");
    // Before the server starts: a learner with a certificate to revoke and reissue.
    const database = await openDatabase({ dir });
    try {
      await database.migrate();
      await importContent(
        database.db,
        writeContentDir({ users: [{ email: "ada@example.com", name: "Ada Lovelace" }], courses: [generatedCourse({ key: "statics", chapters: 1, videosPerSubChapter: 1 })] }),
      );
      const [ada] = await database.db.select().from(users).where(eq(users.email, "ada@example.com"));
      const [course] = await database.db.select().from(courses).where(eq(courses.key, "statics"));
      certificateUid = randomBytes(20).toString("base64url");
      await database.db.insert(certificates).values({
        uid: certificateUid,
        userId: ada!.id,
        kind: "course",
        courseId: course!.id,
        issuerName: "SkillGrow",
        recipientName: "Ada Lovelace",
        title: course!.name,
        videoSeconds: 600,
        issuedAt: new Date(),
      });
    } finally {
      await database.close();
    }
    contentDir = writeContentDir({
      users: Array.from({ length: IMPORTED_USERS }, (_, i) => ({ email: `learner${i}@example.com`, name: `Learner ${i}` })),
      courses: [generatedCourse({ key: "dynamics", chapters: 2, videosPerSubChapter: 3, withChallenges: true })],
    });
    server = await startServer(dir);
  }, 180_000);

  afterAll(() => {
    server?.proc.kill("SIGKILL");
    rmSync(tmp, { recursive: true, force: true });
  });

  const through = (stderr: string) => expect(stderr).toContain(`${dir} is held by a running server (pid ${server.proc.pid}`);

  it("refuses a second opener at once, naming the holder and what to do, and touches no file of the folder", async () => {
    const before = snapshotFolder(dir);
    const started = Date.now();
    const refusal = await openDatabase({ dir }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(FolderInUseError);
    expect(Date.now() - started).toBeLessThan(1000);
    const message = (refusal as Error).message;
    expect(message).toContain(`The embedded database in ${dir} is in use by another process: pid ${server.proc.pid}, \`node lib/server/api/standalone.ts\``);
    expect(message).toContain("Stop that process");
    // The secret that lets a command in is not in what a refusal shows.
    const secret = (JSON.parse(readFileSync(`${dir}.lock`, "utf8")) as { secret: string }).secret;
    expect(message).not.toContain(secret);
    expect(JSON.stringify(refusal)).not.toContain(secret);

    // A second server on the same folder stops with the same message.
    const second = await spawnServer(dir);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`is in use by another process: pid ${server.proc.pid}`);
    // The holder's own job workers append to its write-ahead log meanwhile; any other opener would
    // rewrite the control file and postmaster.pid, and touch data files, which must all be as they were.
    const withoutWal = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).filter(([name]) => !name.startsWith("pg_wal/")));
    expect(withoutWal(snapshotFolder(dir))).toEqual(withoutWal(before));
  }, 120_000);

  it("imports a content directory of 500 users through the server, with the output the command always printed", async () => {
    const result = await runScript(dir, "scripts/content-import.ts", [contentDir]);
    expect(result.code, result.stderr).toBe(0);
    through(result.stderr);
    expect(result.stdout).toContain(`Imported ${contentDir} into PGlite in ${dir}:`);
    expect(result.stdout).toMatch(/users\s+500\n/);
    expect(serverSays(`"command":"content:import","args":["${contentDir}"]`)).toBe(true);
  }, 120_000);

  it("gives the server's validation messages and exit codes back: a missing directory, a bad usage", async () => {
    const missing = await runScript(dir, "scripts/content-import.ts", ["no-such-dir"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${path.resolve("no-such-dir")}: is not a readable directory (ENOENT)`);
    const usage = await runScript(dir, "scripts/content-import.ts", []);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run content:import -- DIR [--check]");
  }, 120_000);

  it("invites a user through the server: the link it logs signs the user in", async () => {
    const result = await runScript(dir, "scripts/users-invite.ts", ["learner7@example.com", "nobody@example.com"]);
    expect(result.code).toBe(1);
    through(result.stderr);
    expect(result.stdout).toContain("invited learner7@example.com (link valid for 7 days, via the server's log)");
    expect(result.stderr).toContain("no user with the e-mail nobody@example.com");
    const inviteId = /To: learner7@example\.com[\s\S]*?#inviteId=([A-Za-z0-9_-]+)/.exec(server.output())?.[1];
    expect(inviteId).toBeTruthy();
    const finished = await fetch(`${server.url}/auth/finishLogin`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ inviteId }) });
    expect(finished.status).toBe(201);
  }, 120_000);

  it("revokes and reissues a certificate through the server, whose public page follows at once", async () => {
    const page = () => fetch(`${server.url}/course/getCertificateById?certificateUID=${certificateUid}`).then((r) => r.status);
    expect(await page()).toBe(200);
    const revoked = await runScript(dir, "scripts/certificates.ts", ["revoke", certificateUid, "--reason", "issued in error"]);
    expect(revoked.code, revoked.stderr).toBe(0);
    through(revoked.stderr);
    expect(revoked.stdout).toMatch(new RegExp(`${certificateUid} \\(course "Course statics", Ada Lovelace\\): revoked since `));
    expect(await page()).toBe(410);
    const reissued = await runScript(dir, "scripts/certificates.ts", ["reissue", certificateUid]);
    expect(reissued.code, reissued.stderr).toBe(0);
    expect(reissued.stdout).toContain(`${certificateUid} (course "Course statics", Ada Lovelace): valid`);
    expect(await page()).toBe(200);
  }, 120_000);

  it("seeds and migrates through the server", async () => {
    const seed = await runScript(dir, "scripts/db-seed.ts");
    expect(seed.code, seed.stderr).toBe(0);
    through(seed.stderr);
    expect(seed.stdout).toContain("The database already has users: nothing seeded");
    const forced = await runScript(dir, "scripts/db-seed.ts", ["--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain("Imported the demo content:");
    const migrate = await runScript(dir, "scripts/db-migrate.ts");
    expect(migrate.code, migrate.stderr).toBe(0);
    through(migrate.stderr);
    expect(migrate.stdout).toContain(`Migrated PGlite in ${dir}.`);
  }, 180_000);

  it("runs two commands sent at once, one after the other", async () => {
    const [first, second] = await Promise.all([runScript(dir, "scripts/content-import.ts", [contentDir]), runScript(dir, "scripts/db-seed.ts", ["--force"])]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    expect(first.stdout).toMatch(/users\s+500\n/);
    expect(second.stdout).toContain("Imported the demo content:");
  }, 180_000);

  it("refuses a request that does not carry the lock file's secret", async () => {
    const socketPath = `${dir}.sock`;
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      const socket = connect(socketPath, () => socket.write(`${JSON.stringify({ secret: "guess", command: "db:seed", args: ["--force"], cwd: "/", pid: 1 })}\n`));
      socket.on("data", (d) => (text += d));
      socket.on("error", (err) => resolve(String(err)));
      socket.on("close", () => resolve(text));
    });
    expect(answer).toContain("the secret does not match");
    expect(answer).toContain('{"exit":2}');
  });

  it("leaves the folder whole once the server stops: every index checks out and the counts are what was written", async () => {
    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(`${dir}.lock`)).toBe(false);
    expect(existsSync(`${dir}.sock`)).toBe(false);
    const report = await checkIntegrity(dir, ["users", "courses", "certificates", "invites"]);
    expect(report.invalidIndexes).toEqual([]);
    expect(report.btreeIndexes).toBeGreaterThan(100);
    expect(report.counts).toMatchObject({ users: 1 + IMPORTED_USERS + DEMO_USERS, courses: 2 + DEMO_COURSES, certificates: 1 });
  }, 120_000);

  it("takes over the lock and socket a killed server left, when the next command or server starts", async () => {
    server = await startServer(dir);
    const killedPid = server.proc.pid!;
    server.proc.kill("SIGKILL");
    await server.exited;
    expect(existsSync(`${dir}.lock`)).toBe(true);
    expect(existsSync(`${dir}.sock`)).toBe(true);
    const migrate = await runScript(dir, "scripts/db-migrate.ts");
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stderr).toContain(`names pid ${killedPid} (\`node lib/server/api/standalone.ts\`), which no longer runs: the folder was not closed cleanly. Taking it over.`);
    expect(migrate.stdout).toContain(`Migrated PGlite in ${dir}.`);
    expect(existsSync(`${dir}.lock`)).toBe(false);
    expect(existsSync(`${dir}.sock`)).toBe(false);

    // Killed again, the next server takes over and takes commands as before.
    server = await startServer(dir);
    server.proc.kill("SIGKILL");
    await server.exited;
    server = await startServer(dir);
    const invite = await runScript(dir, "scripts/users-invite.ts", ["learner8@example.com"]);
    expect(invite.code, invite.stderr).toBe(0);
    through(invite.stderr);
    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const report = await checkIntegrity(dir, ["users"]);
    expect(report.invalidIndexes).toEqual([]);
    expect(report.counts.users).toBe(1 + IMPORTED_USERS + DEMO_USERS);
  }, 360_000);

  it("has a command sent while the server is still starting wait for it", async () => {
    const starting = await spawnServer(dir);
    for (let i = 0; i < 400 && !existsSync(`${dir}.lock`); i++) await new Promise((r) => setTimeout(r, 25));
    const migrate = await runScript(dir, "scripts/db-migrate.ts");
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stderr).toContain(`${dir} is held by a running server (pid ${starting.proc.pid}`);
    expect(migrate.stdout).toContain(`Migrated PGlite in ${dir}.`);
    starting.proc.kill("SIGTERM");
    expect(await starting.exited).toBe(0);
  }, 120_000);

  it("refuses a command while a process that takes no commands holds the folder, naming it", async () => {
    const holder = await openDatabase({ dir });
    try {
      const before = snapshotFolder(dir);
      const result = await runScript(dir, "scripts/content-import.ts", [contentDir]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`The embedded database in ${dir} is in use by another process: pid ${process.pid}`);
      expect(result.stderr).toContain("Stop that process (or wait for it to finish), then try again.");
      expect(result.stdout).toBe("");
      expect(snapshotFolder(dir)).toEqual(before);
    } finally {
      await holder.close();
    }
  }, 120_000);
});
