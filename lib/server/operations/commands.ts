import "server-only";
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { seedDemoActivity } from "../content/demo-activity";
import { exportContent, ExportTargetError, type ExportSummary } from "../content/export-content";
import { ContentError, importContent, type ImportSummary } from "../content/import-content";
import { demoContentDir, seedDemoIfEmpty } from "../content/seed";
import type { Database } from "../db/client";
import type { Deps } from "../deps";
import { reissueCertificateRow, revokeCertificateRow } from "../services/certificates";
import { inviteUsers } from "../services/sign-in";
import { importPeople, problemText } from "../services/studio-people";
import { ApiError } from "../errors";
import { readFileSync } from "node:fs";
import type { CommandOutput } from "./protocol";

/**
 * The operator commands that write the app's database. Each is parsed the same way wherever it runs
 * and runs the same code whether in its own process (nothing else holds the database) or in the
 * server that owns the embedded database (handed over through the control socket), so what an
 * operator reads is the same either way.
 */

export interface CommandContext {
  database: Database;
  deps: Deps;
  /** The database in words, e.g. "PGlite in /srv/app/.data/pglite". */
  where: string;
  /** The command's working directory: paths it was given are read from there. */
  cwd: string;
  out: CommandOutput;
  /** Run by the server that owns the database rather than in the command's own process. */
  inServer: boolean;
}

/** Arguments that do not make a command: its usage is printed and it exits with `exitCode`. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

interface OperatorCommand<W> {
  parse(args: string[]): W;
  run(ctx: CommandContext, work: W): Promise<number>;
}

const define = <W>(command: OperatorCommand<W>) => command as OperatorCommand<unknown>;

const printSummary = (out: CommandOutput, summary: ImportSummary | ExportSummary, width = Math.max(...Object.keys(summary).map((k) => k.length))) => {
  for (const [name, count] of Object.entries(summary)) out.log(`  ${name.padEnd(width)}  ${count}`);
};

export const operatorCommands = {
  // npm run content:import -- DIR [--check]
  "content:import": define({
    parse(args) {
      const dir = args.find((a) => !a.startsWith("-"));
      const usage = "Usage: npm run content:import -- DIR [--check]";
      if (!dir) throw new UsageError(usage);
      if (args.includes("--help")) throw new UsageError(usage, 0);
      return { dir, checkOnly: args.includes("--check") };
    },
    async run(ctx, { dir, checkOnly }: { dir: string; checkOnly: boolean }) {
      const summary = await importContent(ctx.database.db, path.resolve(ctx.cwd, dir), { dryRun: checkOnly });
      ctx.out.log(checkOnly ? `${dir} is valid (nothing written):` : `Imported ${dir} into ${ctx.where}:`);
      printSummary(ctx.out, summary);
      return 0;
    },
  }),

  // npm run content:export -- DIR [--force]
  "content:export": define({
    parse(args) {
      const dir = args.find((a) => !a.startsWith("-"));
      const usage = "Usage: npm run content:export -- DIR [--force]   (DIR new or empty; --force replaces its content files)";
      if (args.includes("--help")) throw new UsageError(usage, 0);
      if (!dir) throw new UsageError(usage);
      return { dir, force: args.includes("--force") };
    },
    async run(ctx, { dir, force }: { dir: string; force: boolean }) {
      let result;
      try {
        result = await exportContent(ctx.database.db, path.resolve(ctx.cwd, dir), { force });
      } catch (err) {
        if (!(err instanceof ExportTargetError)) throw err;
        ctx.out.error(err.message);
        return 1;
      }
      ctx.out.log(`Exported ${ctx.where} into ${dir} (${result.files.length} files):`);
      printSummary(ctx.out, result.summary);
      for (const line of result.skipped) ctx.out.error(`not exported: ${line}`);
      if (!result.invalid.length) return 0;
      ctx.out.error(`content:import would refuse ${result.invalid.length} value(s) written (fix them in the files before importing them):`);
      for (const line of result.invalid) ctx.out.error(`  ${line}`);
      return 1;
    },
  }),

  // npm run users:invite -- EMAIL [EMAIL ...]
  "users:invite": define({
    parse(args) {
      const emails = args.filter((a) => !a.startsWith("-"));
      if (emails.length === 0) throw new UsageError("Usage: npm run users:invite -- EMAIL [EMAIL ...]");
      return emails;
    },
    async run(ctx, emails: string[]) {
      const { sent, unknown } = await inviteUsers(ctx.deps, emails);
      const via = ctx.deps.mailer.kind === "smtp" ? "SMTP" : ctx.inServer ? "the server's log" : "the log above";
      for (const e of sent) ctx.out.log(`invited ${e} (link valid for 7 days, via ${via})`);
      for (const e of unknown) ctx.out.error(`no user with the e-mail ${e}: add it to the content's users file and import it first`);
      return unknown.length ? 1 : 0;
    },
  }),

  // npm run users:import -- FILE.csv [--dry-run]
  "users:import": define({
    parse(args) {
      const usage = "Usage: npm run users:import -- FILE.csv [--dry-run]   (columns email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry)";
      if (args.includes("--help")) throw new UsageError(usage, 0);
      const file = args.find((a) => !a.startsWith("-"));
      const unknown = args.filter((a) => a.startsWith("-") && a !== "--dry-run");
      if (!file || unknown.length) throw new UsageError(unknown.length ? `Unknown option ${unknown.join(" ")}. ${usage}` : usage);
      return { file, dryRun: args.includes("--dry-run") };
    },
    async run(ctx, { file, dryRun }: { file: string; dryRun: boolean }) {
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(path.resolve(ctx.cwd, file));
      } catch (err) {
        ctx.out.error(`${file} cannot be read: ${(err as Error).message}`);
        return 1;
      }
      let result;
      try {
        result = await importPeople(ctx.deps, null, bytes, { dryRun });
      } catch (err) {
        if (!(err instanceof ApiError) || err.code !== "people_import_invalid") throw err;
        const { problems } = err.details as { problems: Parameters<typeof problemText>[0][] };
        ctx.out.error(`Nothing was imported: ${file} has ${problems.length} problem${problems.length === 1 ? "" : "s"}:`);
        for (const problem of problems) ctx.out.error(`  ${problemText(problem)}`);
        return 1;
      }
      if (result.problems.length) {
        ctx.out.error(`${file} would import nothing: it has ${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}:`);
        for (const problem of result.problems) ctx.out.error(`  ${problemText(problem)}`);
        return 1;
      }
      if (dryRun) ctx.out.log(`${file} is valid (nothing written): ${result.created} people would be added and invited.`);
      else ctx.out.log(`Imported ${file} into ${ctx.where}: ${result.created} people added, ${result.invited} invitations queued.`);
      return 0;
    },
  }),

  // npm run certificates -- revoke UID [--reason TEXT] | reissue UID  (verify needs no database)
  certificates: define({
    parse(args) {
      const [action, uid, ...rest] = args;
      if (!uid || (action !== "revoke" && action !== "reissue")) {
        throw new UsageError("Usage: npm run certificates -- revoke UID [--reason TEXT] | reissue UID | verify FILE_OR_URL");
      }
      const reasonAt = rest.indexOf("--reason");
      return { action, uid, reason: reasonAt >= 0 ? (rest[reasonAt + 1] ?? null) : null };
    },
    async run(ctx, { action, uid, reason }: { action: "revoke" | "reissue"; uid: string; reason: string | null }) {
      const { db, now } = ctx.deps;
      const row = action === "revoke" ? await revokeCertificateRow(db, uid, reason, now()) : await reissueCertificateRow(db, uid);
      if (!row) {
        ctx.out.error(`no certificate has the UID ${uid}`);
        return 1;
      }
      const state = row.revokedAt ? `revoked since ${row.revokedAt.toISOString()}` : "valid";
      ctx.out.log(`${row.uid} (${row.kind} "${row.title}", ${row.recipientName}): ${state}`);
      return 0;
    },
  }),

  // npm run db:seed [-- --force]
  "db:seed": define({
    parse: (args) => ({ force: args.includes("--force") }),
    async run(ctx, { force }: { force: boolean }) {
      const db = ctx.database.db;
      const summary = force ? await importContent(db, demoContentDir()) : await seedDemoIfEmpty(db);
      // The demo essay waiting for a grader; written once, whatever was imported before.
      if (force) await seedDemoActivity(db);
      if (!summary) {
        ctx.out.log("The database already has users: nothing seeded (use --force to re-import the demo content).");
        return 0;
      }
      ctx.out.log("Imported the demo content:");
      printSummary(ctx.out, summary, 11);
      ctx.out.log("Demo users: learner@demo.test, employee@demo.test, grader@demo.test, admin@demo.test");
      ctx.out.log("An essay by employee@demo.test waits for grader@demo.test on /evaluate.");
      return 0;
    },
  }),

  // npm run db:migrate
  "db:migrate": define({
    parse: () => ({}),
    async run(ctx) {
      // Where the command runs alone this was done as it opened the database; in a server, files of
      // a newer release may have arrived since it started.
      await ctx.database.migrate();
      ctx.out.log(`Migrated ${ctx.where}.`);
      return 0;
    },
  }),

  // npm run db:backup -- FILE
  "db:backup": define({
    parse(args) {
      const file = args.find((a) => !a.startsWith("-"));
      if (!file) throw new UsageError("Usage: npm run db:backup -- FILE   (a .tar.gz of the embedded database; see docs/operations.md)");
      return { file };
    },
    async run(ctx, { file }: { file: string }) {
      if (!ctx.database.dumpDataDir) {
        ctx.out.error("db:backup copies the embedded database; with DATABASE_URL, back up PostgreSQL with pg_dump (docs/operations.md).");
        return 2;
      }
      const target = path.resolve(ctx.cwd, file);
      if (existsSync(target)) {
        ctx.out.error(`${file} exists: a backup never replaces another file. Choose a new name, or remove it first.`);
        return 1;
      }
      mkdirSync(path.dirname(target), { recursive: true });
      const tarball = await ctx.database.dumpDataDir("gzip");
      // Written under a name of its own and renamed, so FILE is a whole backup or absent.
      const partial = `${target}.partial-${process.pid}`;
      try {
        writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
        renameSync(partial, target);
      } finally {
        rmSync(partial, { force: true });
      }
      const size = statSync(target).size;
      ctx.out.log(`Backed up ${ctx.where} to ${file} (${(size / 1024 / 1024).toFixed(1)} MB). Restore it with: npm run db:restore -- ${file} --into DIR`);
      return 0;
    },
  }),
};

export type OperatorCommandName = keyof typeof operatorCommands;

export const isOperatorCommand = (name: string): name is OperatorCommandName => Object.hasOwn(operatorCommands, name);

/**
 * Runs a parsed command; a content error (a file that does not validate, a directory that does not
 * exist) is its output and exit code 1, as it always was.
 */
export async function runOperatorCommand(ctx: CommandContext, name: OperatorCommandName, work: unknown): Promise<number> {
  try {
    return await operatorCommands[name].run(ctx, work);
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    ctx.out.error(err.message);
    return 1;
  }
}
