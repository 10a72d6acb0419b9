import "server-only";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import * as t from "@/lib/server/db/schema";
import { checkScormPackage, ScormPackageError, unpackScormPackage, type ScormPackageContents } from "@/lib/server/services/scorm";
import type { FileStore } from "@/lib/server/storage/file-store";
import type * as s from "./schema";
import { storedScormPackage } from "./schema";
import type { Tx } from "./writers/rows";
import { scormReference } from "./writers/scorm-items";

/** A package a course file names by path, checked. */
export interface ReadScormPackage {
  file: string;
  fileName: string;
  contents: ScormPackageContents;
}

type CourseVersions = s.CourseInput["versions"];

/** Every SCORM item of a course file, with the path of its `package` field inside the file. */
function scormItems(versions: CourseVersions) {
  return versions.flatMap((v, vi) =>
    v.chapters.flatMap((ch, ci) =>
      ch.subChapters.flatMap((sub, si) =>
        sub.items.flatMap((it, ii) => (it.scorm ? [{ item: it.scorm, at: ["versions", vi, "chapters", ci, "subChapters", si, "items", ii, "scorm", "package"] }] : [])),
      ),
    ),
  );
}

/**
 * Checks the packages a course file names (paths relative to the file, inside the content
 * directory); each refusal is one problem line naming the item's place. Returns the packages by
 * their absolute path; an item's `package` is left as written until storeScormPackages.
 */
export async function checkCoursePackages(
  dir: string,
  file: string,
  versions: CourseVersions,
  checked: Map<string, ReadScormPackage | null>,
  problems: string[],
): Promise<void> {
  const root = path.resolve(dir);
  for (const { item, at } of scormItems(versions)) {
    if (storedScormPackage.test(item.package)) continue;
    const where = `${file}: ${at.join(".")}`;
    const abs = path.resolve(path.dirname(path.join(root, file)), item.package);
    const inside = path.relative(root, abs);
    if (inside.startsWith("..") || path.isAbsolute(inside)) {
      problems.push(`${where}: "${item.package}" lies outside the content directory`);
      continue;
    }
    if (!checked.has(abs)) {
      try {
        checked.set(abs, { file: abs, fileName: path.basename(abs), contents: await checkScormPackage(abs) });
      } catch (err) {
        if (!(err instanceof ScormPackageError)) throw err;
        checked.set(abs, null);
        problems.push(`${where}: ${item.package}: ${err.message}`);
      }
    } else if (checked.get(abs) === null) problems.push(`${where}: ${item.package}: refused (see above)`);
  }
}

/** Problems with items that name an already stored package ("scorm:<sha256>") the database does not hold. */
export async function checkStoredReferences(db: Db, courses: { file: string; data: s.CourseInput }[]): Promise<string[]> {
  const refs = courses.flatMap((c) => scormItems(c.data.versions).filter((x) => storedScormPackage.test(x.item.package)).map((x) => ({ ...x, file: c.file })));
  if (!refs.length) return [];
  const shas = [...new Set(refs.map((r) => r.item.package.slice("scorm:".length)))];
  const rows = await db.select({ sha256: t.scormPackages.sha256 }).from(t.scormPackages).where(inArray(t.scormPackages.sha256, shas));
  const known = new Set(rows.map((r) => scormReference(r.sha256)));
  return refs.filter((r) => !known.has(r.item.package)).map((r) => `${r.file}: ${r.at.join(".")}: no stored package is "${r.item.package}"`);
}

/**
 * Unpacks into the store each checked package the database does not hold yet (the same zip is
 * stored once, under its SHA-256), with the zip itself beside it for content:export. Done before
 * the import's transaction: a failed transaction leaves files no row names, never a row without files.
 */
export async function storeScormPackages(db: Db, storeOf: () => FileStore, checked: Map<string, ReadScormPackage | null>): Promise<ReadScormPackage[]> {
  const packages = [...new Map([...checked.values()].flatMap((p) => (p ? [[p.contents.sha256, p] as const] : []))).values()];
  if (!packages.length) return [];
  const rows = await db
    .select({ sha256: t.scormPackages.sha256 })
    .from(t.scormPackages)
    .where(inArray(t.scormPackages.sha256, packages.map((p) => p.contents.sha256)));
  const stored = new Set(rows.map((r) => r.sha256));
  // Chosen only when a package is to be stored: an import without one never reads the store's settings.
  const store = packages.some((p) => !stored.has(p.contents.sha256)) ? storeOf() : undefined;
  for (const p of packages) {
    if (stored.has(p.contents.sha256)) continue;
    await unpackScormPackage(store!, p.file, p.contents.sha256);
    await store!.putFile(zipKey(p.contents.sha256), p.file);
  }
  return packages;
}

/** A checked package's row. */
export const scormPackageRow = (p: ReadScormPackage) => ({
  sha256: p.contents.sha256,
  fileName: p.fileName,
  version: p.contents.manifest.version,
  title: p.contents.manifest.title,
  launchPath: p.contents.manifest.launchPath,
  launchQuery: p.contents.manifest.launchQuery,
  masteryPercent: p.contents.manifest.masteryPercent,
  fileCount: p.contents.files.length,
  unpackedBytes: p.contents.unpackedBytes,
});

/**
 * Stores one package uploaded in the studio, as content:import stores one: checked first (a refusal
 * throws the ScormPackageError and writes nothing), unpacked once per SHA-256, with its row.
 */
export async function storeUploadedScormPackage(db: Db, store: () => FileStore, file: string, fileName: string): Promise<ReadScormPackage> {
  const p: ReadScormPackage = { file, fileName, contents: await checkScormPackage(file) };
  await storeScormPackages(db, store, new Map([[file, p]]));
  await db.insert(t.scormPackages).values(scormPackageRow(p)).onConflictDoNothing({ target: t.scormPackages.sha256 });
  return p;
}

/** Where a package's zip itself is kept. */
export const zipKey = (sha256: string) => `scorm/${sha256}.zip`;

/** The packages' rows (kept when already there), and every item's `package` turned into its stored reference. */
export async function writeScormPackages(tx: Tx, packages: ReadScormPackage[], checked: Map<string, ReadScormPackage | null>, dir: string, courses: { file: string; data: s.CourseInput }[]) {
  if (packages.length) {
    await tx.insert(t.scormPackages).values(packages.map(scormPackageRow)).onConflictDoNothing({ target: t.scormPackages.sha256 });
  }
  const root = path.resolve(dir);
  for (const c of courses) {
    for (const { item } of scormItems(c.data.versions)) {
      if (storedScormPackage.test(item.package)) continue;
      const p = checked.get(path.resolve(path.dirname(path.join(root, c.file)), item.package));
      item.package = scormReference(p!.contents.sha256);
    }
  }
}
