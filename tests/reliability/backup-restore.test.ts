import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoActivity } from "@/lib/server/content/demo-activity";
import { importContent } from "@/lib/server/content/import-content";
import { demoContentDir } from "@/lib/server/content/seed";
import { openDatabase, type Database } from "@/lib/server/db/client";
import { generatedCourse, writeContentDir } from "../support/courses";
import { ownTablesSql, rowsSql, runScript, startServer, type RunningServer } from "../support/embedded-server";
import { DEMO_USERS } from "../support/demo-content";

/*
 * A backup is worth what its restore gives back: each test backs a database up, restores the backup
 * into a new database and compares every table of the app's schemas row for row. The embedded
 * database is backed up while its server runs (the server makes the copy); PostgreSQL with pg_dump
 * and pg_restore, as docs/operations.md says. Starts Node processes: run with RELIABILITY=1.
 */
const enabled = process.env.RELIABILITY === "1";

/** Every row of every table of the app's schemas, as JSON text, by table. */
async function allRows(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<Record<string, string[]>> {
  const tables = (await query(ownTablesSql)).map((r) => String(r.name));
  const rows: Record<string, string[]> = {};
  for (const table of tables) rows[table] = (await query(rowsSql(table))).map((r) => String(r.r));
  return rows;
}

const rowsOf = async (database: Database) => allRows((sql) => database.raw(sql));

describe.runIf(enabled)("backing up and restoring the embedded database while its server runs", () => {
  let tmp: string;
  let dir: string;
  let server: RunningServer;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "backup-"));
    dir = path.join(tmp, "pglite");
    // The dev server fills the empty database with the demo content (and its activity) as it starts.
    server = await startServer(dir);
    const more = writeContentDir({
      users: Array.from({ length: 50 }, (_, i) => ({ email: `backup${i}@example.com`, name: `Backup ${i}` })),
      courses: [generatedCourse({ key: "kept", chapters: 2, videosPerSubChapter: 2, withChallenges: true })],
    });
    const imported = await runScript(dir, "scripts/content-import.ts", [more]);
    expect(imported.code, imported.stderr).toBe(0);
    const invited = await runScript(dir, "scripts/users-invite.ts", ["backup3@example.com"]);
    expect(invited.code, invited.stderr).toBe(0);
  }, 300_000);

  afterAll(() => {
    server?.proc.kill("SIGKILL");
    rmSync(tmp, { recursive: true, force: true });
  });

  it("backs up through the server, restores into a new folder, and every table matches row for row", async () => {
    const file = path.join(tmp, "backups", "app.tar.gz");
    const backup = await runScript(dir, "scripts/db-backup.ts", [file]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stderr).toContain(`${dir} is held by a running server (pid ${server.proc.pid}`);
    expect(backup.stdout).toContain(`Backed up PGlite in ${dir} to ${file}`);
    expect(existsSync(file)).toBe(true);

    // A second backup to the same name would replace the first: refused.
    const again = await runScript(dir, "scripts/db-backup.ts", [file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${file} exists: a backup never replaces another file.`);

    // Restoring over the folder the server holds is refused, naming the server; so is a folder with anything in it.
    const overLive = await runScript(dir, "scripts/db-restore.ts", [file]);
    expect(overLive.code).toBe(1);
    expect(overLive.stderr).toContain(`The embedded database in ${dir} is in use by another process: pid ${server.proc.pid}`);
    const occupied = path.join(tmp, "occupied");
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, "notes.txt"), "keep me");
    const overOccupied = await runScript(dir, "scripts/db-restore.ts", [file, "--into", occupied]);
    expect(overOccupied.code).toBe(1);
    expect(overOccupied.stderr).toContain(`${occupied} is not empty: a restore never overwrites a database.`);
    expect(readdirSync(occupied)).toEqual(["notes.txt"]);
    const notABackup = path.join(tmp, "not-a-backup.tar.gz");
    writeFileSync(notABackup, "hello");
    const bad = await runScript(dir, "scripts/db-restore.ts", [notABackup, "--into", path.join(tmp, "from-bad")]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${notABackup} could not be restored`);
    expect(existsSync(path.join(tmp, "from-bad"))).toBe(false);

    const restoredDir = path.join(tmp, "restored");
    const restore = await runScript(dir, "scripts/db-restore.ts", [file, "--into", restoredDir]);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored ${file} into ${restoredDir}`);

    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const original = await openDatabase({ dir });
    const restored = await openDatabase({ dir: restoredDir });
    try {
      const [before, after] = [await rowsOf(original), await rowsOf(restored)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      expect(before["public.users"]!.length).toBe(DEMO_USERS + 50);
      expect(before["public.invites"]!.length).toBeGreaterThan(0);
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    } finally {
      await original.close();
      await restored.close();
    }
  }, 360_000);
});

const pgBase = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const hasTool = (tool: string) => spawnSync(tool, ["--version"]).status === 0;
const pgTools = hasTool("pg_dump") && hasTool("pg_restore");
if (enabled && !pgTools) console.log("pg_dump or pg_restore is not installed: the PostgreSQL backup test is skipped (apt-get install postgresql-client).");

describe.runIf(enabled && pgTools)("backing up and restoring PostgreSQL with pg_dump and pg_restore", () => {
  const names = [`backup_src_${randomBytes(4).toString("hex")}`, `backup_dst_${randomBytes(4).toString("hex")}`];
  const urlOf = (name: string) => {
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: pgBase });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  let tmp: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "pg-backup-"));
    for (const name of names) await admin(`create database ${name}`);
    const source = await openDatabase({ url: urlOf(names[0]!) });
    try {
      await source.migrate();
      await importContent(source.db, demoContentDir());
      await seedDemoActivity(source.db);
    } finally {
      await source.close();
    }
  }, 120_000);

  afterAll(async () => {
    for (const name of names) await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  });

  it("restores a pg_dump into a new database that matches row for row", async () => {
    const file = path.join(tmp, "app.dump");
    // The commands docs/operations.md gives.
    execFileSync("pg_dump", ["--format=custom", `--file=${file}`, urlOf(names[0]!)]);
    execFileSync("pg_restore", ["--no-owner", "--exit-on-error", "--single-transaction", `--dbname=${urlOf(names[1]!)}`, file]);
    const [source, copy] = [await openDatabase({ url: urlOf(names[0]!) }), await openDatabase({ url: urlOf(names[1]!) })];
    try {
      const [before, after] = [await rowsOf(source), await rowsOf(copy)];
      expect(Object.keys(before).length).toBeGreaterThan(20);
      expect(before["public.users"]!.length).toBe(DEMO_USERS);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    } finally {
      await source.close();
      await copy.close();
    }
  }, 120_000);
});
