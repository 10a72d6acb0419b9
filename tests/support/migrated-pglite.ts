import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/lib/server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database's files (a tarball), or "" on PostgreSQL. */
    migratedPglite: string;
  }
}

/**
 * Vitest's global setup: migrates one embedded database before the run and keeps its files, so
 * each test file's fresh database starts from them (tests/support/test-db.ts) instead of running
 * every migration again. On PostgreSQL (DATABASE_URL) each file migrates its own database as before.
 */
export default async function migratedPglite(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("migratedPglite", "");
    return;
  }
  const database = await openDatabase({});
  await database.migrate();
  const files = await database.dumpDataDir!("none");
  await database.close();
  const file = path.join(tmpdir(), `learning-platform-migrated-${process.pid}-${Date.now()}.tar`);
  writeFileSync(file, Buffer.from(await files.arrayBuffer()));
  project.provide("migratedPglite", file);
  return () => rmSync(file, { force: true });
}
