// npm run db:restore -- FILE [--into DIR]: restores a backup made by npm run db:backup into a new or
// empty folder (DIR, else PGLITE_DIR, else .data/pglite). Refuses a folder in use or with anything in it.
import path from "node:path";
import { serverEnv } from "@/lib/env";
import { FolderInUseError, FolderLockError } from "@/lib/server/db/folder-lock";
import { restoreDatabase } from "@/lib/server/operations/restore-database";
import { loadEnvFiles } from "./support/app-database";

const args = process.argv.slice(2);
const intoAt = args.indexOf("--into");
const into = intoAt >= 0 ? args[intoAt + 1] : undefined;
const file = args.find((a, i) => !a.startsWith("-") && (intoAt < 0 || i !== intoAt + 1));
if (!file || (intoAt >= 0 && !into)) {
  console.error("Usage: npm run db:restore -- FILE [--into DIR]   (DIR: a new or empty folder; default PGLITE_DIR, else .data/pglite)");
  process.exit(2);
}
loadEnvFiles();
const dir = path.resolve(into ?? serverEnv().PGLITE_DIR ?? ".data/pglite");
try {
  process.exitCode = await restoreDatabase(path.resolve(file), dir, { log: (l) => console.log(l), error: (l) => console.error(l) });
} catch (err) {
  if (!(err instanceof FolderInUseError || err instanceof FolderLockError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
