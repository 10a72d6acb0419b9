import "server-only";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockFolder } from "../db/folder-lock";
import type { CommandOutput } from "./protocol";

/**
 * Restores a backup made by `npm run db:backup` (PGlite's dumpDataDir tarball) into a folder that is
 * new or empty, through PGlite's loadDataDir. The folder is locked first like any opener's, so a
 * folder a process holds is refused with its holder's name; a folder with anything in it is refused
 * too, so a restore never overwrites a database. Returns the exit code.
 */
export async function restoreDatabase(file: string, dir: string, out: CommandOutput): Promise<number> {
  if (!existsSync(file)) {
    out.error(`${file} does not exist: give the file npm run db:backup wrote.`);
    return 1;
  }
  const folder = await lockFolder(dir);
  let created = false;
  try {
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      out.error(
        `${dir} is not empty: a restore never overwrites a database. Restore into a new folder (--into DIR), ` +
          `or stop what uses ${dir} and move it away first.`,
      );
      return 1;
    }
    mkdirSync(dir, { recursive: true });
    created = true;
    const client = new PGlite(dir, { loadDataDir: new Blob([readFileSync(file)]), extensions: { pg_trgm } });
    try {
      await client.waitReady;
      const [row] = (
        await client.query<{ tables: number }>(
          "select count(*)::int as tables from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')",
        )
      ).rows;
      out.log(`Restored ${file} into ${dir} (${row?.tables ?? 0} tables). Start the app with PGLITE_DIR=${dir}; it applies any newer migrations as it starts.`);
    } finally {
      await client.close();
    }
    created = false;
    return 0;
  } catch (err) {
    out.error(`${file} could not be restored: ${err instanceof Error ? err.message : String(err)}. Is it a file npm run db:backup wrote?`);
    return 1;
  } finally {
    // What a failed restore left is no database: the folder is as empty as it was.
    if (created) rmSync(dir, { recursive: true, force: true });
    folder.release();
  }
}
