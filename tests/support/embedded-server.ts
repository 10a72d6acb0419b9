import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { amcheck } from "@electric-sql/pglite/contrib/amcheck";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockFolder } from "@/lib/server/db/folder-lock";

/*
 * Processes on one embedded database folder, as an operator runs them: the standalone API (the
 * server; it opens the database through the same getDeps as `npm start`) and the operator scripts,
 * each a Node process of its own, started as their npm scripts start them (tsx with the
 * react-server condition) but in one process, so a pid is the process that holds the folder.
 */

const root = process.cwd();

/** The children's environment: the embedded database in `dir`, nothing of this run's own npm script or database. */
export function childEnv(dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dir, DATABASE_URL: "", SMTP_URL: "", ATTEMPT_SWEEP_INTERVAL_MS: "0", ...extra };
  for (const key of Object.keys(env)) if (key.startsWith("npm_")) delete env[key];
  return env;
}

const nodeArgs = (script: string, args: string[]) => ["--import", "tsx", "--conditions=react-server", path.join(root, script), ...args];

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface RunningServer {
  proc: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `npm run start:api` on the folder; resolves once /api/health answers. */
export async function startServer(dir: string, extra: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const proc = spawn(process.execPath, nodeArgs("lib/server/api/standalone.ts", []), {
    cwd: root,
    env: childEnv(dir, { API_PORT: String(port), APP_ENV: "dev", ...extra }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout!.on("data", (d) => (output += d));
  proc.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}/api`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return { proc, url, output: () => output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill("SIGKILL");
  throw new Error(`the server did not start:\n${output}`);
}

/** Starts a server without waiting for it to answer: for what a command does while the server is still starting. */
export async function spawnServer(dir: string, extra: Record<string, string> = {}) {
  const proc = spawn(process.execPath, nodeArgs("lib/server/api/standalone.ts", []), {
    cwd: root,
    env: childEnv(dir, { API_PORT: String(await freePort()), APP_ENV: "dev", ...extra }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout!.on("data", (d) => (output += d));
  proc.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  return { proc, output: () => output, exited };
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an npm script's file (e.g. scripts/content-import.ts) with arguments, as `npm run … -- args` would. */
export function runScript(dir: string, script: string, args: string[] = [], extra: Record<string, string> = {}): Promise<CommandResult> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, nodeArgs(script, args), { cwd: root, env: childEnv(dir, extra), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    proc.stdout!.on("data", (d) => (stdout += d));
    proc.stderr!.on("data", (d) => (stderr += d));
    proc.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every file under a folder with its size, modification time and SHA-256: what "nothing changed" is checked against. */
export function snapshotFolder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const st = statSync(full);
        out[path.relative(dir, full)] = `${st.size} ${st.mtimeMs} ${createHash("sha256").update(readFileSync(full)).digest("hex")}`;
      }
    }
  };
  walk(dir);
  out["."] = String(statSync(dir).mtimeMs);
  return out;
}

/**
 * The tables of the app's own schemas (public, drizzle's migrations table), as schema.table. The job
 * engine's schema is left out: a running server writes to it on its own (its heartbeat, the minute's
 * scheduled jobs), so it moves between a backup and the moment the test compares.
 */
export const ownTablesSql = `select table_schema || '.' || table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'pgboss') order by 1`;

/** Each row of a table as JSON text, in a stable order: two databases compare row for row. */
export const rowsSql = (qualified: string) => {
  const [schema, table] = qualified.split(".");
  return `select row_to_json(t)::text as r from "${schema}"."${table}" t order by 1`;
};

export interface IntegrityReport {
  btreeIndexes: number;
  invalidIndexes: string[];
  counts: Record<string, number>;
}

/**
 * Opens a folder no process holds (taking its lock, as any opener does) with PGlite's amcheck and
 * checks every B-tree index against its table (bt_index_check with heapallindexed: every row is in
 * each of its indexes, and each index entry points at a row that exists; a partitioned table's index
 * is checked through its partitions' own), that no index is marked
 * invalid, and counts the rows of the given tables.
 */
export async function checkIntegrity(dir: string, tables: string[]): Promise<IntegrityReport> {
  const folder = await lockFolder(dir);
  const pg = new PGlite(dir, { extensions: { amcheck, pg_trgm } });
  try {
    await pg.waitReady;
    await pg.exec("create extension if not exists amcheck");
    const checked = await pg.query<{ relname: string }>(
      `select c.relname, bt_index_check(c.oid, true) from pg_index i
         join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
        where am.amname = 'btree' and c.relkind = 'i' and c.relpersistence <> 't'`,
    );
    const invalid = await pg.query<{ relname: string }>(`select c.relname from pg_index i join pg_class c on c.oid = i.indexrelid where not i.indisvalid or not i.indisready`);
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = (await pg.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
    return { btreeIndexes: checked.rows.length, invalidIndexes: invalid.rows.map((r) => r.relname), counts };
  } finally {
    await pg.close();
    folder.release();
  }
}
