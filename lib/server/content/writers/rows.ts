import "server-only";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/server/db/client";
import * as t from "@/lib/server/db/schema";

// What every content writer builds on: the transaction, matching rows by key and writing only what
// changed, and the ids of the rows that content names by key.

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The value a conflicting insert proposed, for ON CONFLICT DO UPDATE. */
export const excluded = (column: PgColumn): SQL => sql.raw(`excluded."${column.name}"`);

const sameValue = (a: unknown, b: unknown): boolean => {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (typeof a === "object" && a !== null) return JSON.stringify(a) === JSON.stringify(b);
  return (a ?? null) === (b ?? null);
};

/** Updates only the columns that differ, so that an unchanged re-import writes nothing. */
export async function updateChanged<T extends PgTable & { id: PgColumn }>(
  tx: Tx,
  table: T,
  existing: { id: string } & Record<string, unknown>,
  next: Record<string, unknown>,
): Promise<void> {
  const changes: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(next)) if (!sameValue(existing[k], v)) changes[k] = v;
  if (Object.keys(changes).length) await tx.update(table).set(changes as PgUpdateSetSource<T>).where(eq(table.id, existing.id));
}

/** Updates the matched row in place (keeping its id) or inserts a new one; returns the id. */
export async function upsertRow<T extends PgTable & { id: PgColumn }>(
  tx: Tx,
  table: T,
  existing: ({ id: string } & Record<string, unknown>) | undefined,
  next: T["$inferInsert"] & Record<string, unknown>,
): Promise<string> {
  if (existing) {
    await updateChanged(tx, table, existing, next);
    return existing.id;
  }
  const rows = (await tx
    .insert(table)
    .values(next as never)
    .returning({ id: table.id })) as { id: string }[];
  return rows[0]!.id;
}

export async function deleteIds(tx: Tx, table: PgTable & { id: PgColumn }, ids: string[]) {
  if (ids.length) await tx.delete(table).where(inArray(table.id, ids));
}

export function byKey<T, K>(rows: T[], key: (row: T) => K): Map<K, T> {
  return new Map(rows.map((r) => [key(r), r]));
}

export function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  for (const list of out.values()) list.sort((a, b) => Number((a as { position?: number }).position ?? 0) - Number((b as { position?: number }).position ?? 0));
  return out;
}

/**
 * The ids of rows content refers to by name, key or e-mail. A writer records the rows it wrote, and
 * asks for the ones it refers to: those not written in the same run are read from the database, in
 * one query per kind, and none when every one is known. So a writer can run alone (one entity at a
 * time) or after the others in one import, which then reads nothing twice.
 */
export class ContentIds {
  readonly domains = new Map<string, string>();
  readonly companies = new Map<string, string>();
  readonly users = new Map<string, string>();
  readonly courses = new Map<string, string>();
  readonly programs = new Map<string, string>();

  /** Domains by name. */
  async resolveDomains(tx: Tx, names: string[]): Promise<void> {
    const missing = this.missing(this.domains, names);
    if (!missing.length) return;
    const rows = await tx.select({ id: t.domains.id, name: t.domains.name }).from(t.domains).where(inArray(t.domains.name, missing));
    for (const r of rows) this.domains.set(r.name, r.id);
  }

  /** Companies by key. */
  async resolveCompanies(tx: Tx, keys: string[]): Promise<void> {
    const missing = this.missing(this.companies, keys);
    if (!missing.length) return;
    const rows = await tx.select({ id: t.companies.id, key: t.companies.key }).from(t.companies).where(inArray(t.companies.key, missing));
    for (const r of rows) this.companies.set(r.key, r.id);
  }

  /** Users by e-mail, lower-cased. */
  async resolveUsers(tx: Tx, emails: string[]): Promise<void> {
    const missing = this.missing(this.users, emails);
    if (!missing.length) return;
    const rows = await tx.select({ id: t.users.id, email: t.users.email }).from(t.users).where(inArray(t.users.email, missing));
    for (const r of rows) this.users.set(r.email, r.id);
  }

  /** Courses by key. */
  async resolveCourses(tx: Tx, keys: string[]): Promise<void> {
    const missing = this.missing(this.courses, keys);
    if (!missing.length) return;
    const rows = await tx.select({ id: t.courses.id, key: t.courses.key }).from(t.courses).where(inArray(t.courses.key, missing));
    for (const r of rows) this.courses.set(r.key, r.id);
  }

  /** Programs by key. */
  async resolvePrograms(tx: Tx, keys: string[]): Promise<void> {
    const missing = this.missing(this.programs, keys);
    if (!missing.length) return;
    const rows = await tx.select({ id: t.programs.id, key: t.programs.key }).from(t.programs).where(inArray(t.programs.key, missing));
    for (const r of rows) this.programs.set(r.key, r.id);
  }

  private missing(known: Map<string, string>, names: string[]): string[] {
    return [...new Set(names)].filter((n) => !known.has(n));
  }
}

/** Where an item of a course (a video, an MCQ block or an essay block) sits: its sub-chapter and its position there. */
export interface ItemPlace {
  subChapterId: string;
  position: number;
}
