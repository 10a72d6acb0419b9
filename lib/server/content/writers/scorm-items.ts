import "server-only";
import { inArray } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import type * as s from "../schema";
import { upsertRow, type ItemPlace, type Tx } from "./rows";

export type ScormItemRow = typeof t.scormItems.$inferSelect;
/** Stored packages by their reference ("scorm:<sha256>"), to their row id. */
export type ScormPackageIds = Map<string, string>;

export const scormReference = (sha256: string) => `scorm:${sha256}`;

/**
 * The ids of the stored packages the items refer to. By the time a tree is written, every
 * item's `package` is a reference to a stored package (the importer stores the zips it reads first).
 */
export async function readScormPackageIds(tx: Tx, items: s.ScormItemInput[]): Promise<ScormPackageIds> {
  const shas = [...new Set(items.map((i) => i.package.replace(/^scorm:/, "")))];
  const rows = shas.length ? await tx.select({ id: t.scormPackages.id, sha256: t.scormPackages.sha256 }).from(t.scormPackages).where(inArray(t.scormPackages.sha256, shas)) : [];
  const ids = new Map(rows.map((r) => [scormReference(r.sha256), r.id]));
  for (const item of items) {
    if (!ids.has(item.package)) throw new Error(`SCORM item "${item.slugId}": the package ${item.package} is not stored`);
  }
  return ids;
}

/** A SCORM item's row at its place. */
export const scormItemRow = (place: ItemPlace, item: s.ScormItemInput, packages: ScormPackageIds) => ({
  subChapterId: place.subChapterId,
  position: place.position,
  title: item.title,
  slug: slugify(item.title),
  slugId: item.slugId,
  packageId: packages.get(item.package)!,
  passMark: item.passMark ?? null,
});

/** A SCORM item at its place, updating `matched` (the row of the same slugId) in place or inserting it; returns its id. */
export async function writeScormItem(tx: Tx, place: ItemPlace, item: s.ScormItemInput, matched: ScormItemRow | undefined, packages: ScormPackageIds): Promise<string> {
  return upsertRow(tx, t.scormItems, matched, scormItemRow(place, item, packages));
}
