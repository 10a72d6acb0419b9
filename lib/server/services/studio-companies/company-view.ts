import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, studioAudit } from "../../db/schema";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type CompanyRow = typeof companies.$inferSelect;

/** What a company write records of a company, before and after it. */
export interface CompanySnapshot {
  key: string;
  name: string;
  hostPattern: string;
  logoUrl: string;
  logoDarkUrl: string | null;
  loginBackgroundUrl: string | null;
}

export const COMPANY_FIELDS = ["name", "hostPattern", "logoUrl", "logoDarkUrl", "loginBackgroundUrl"] as const;

export const snapshotOf = (row: CompanySnapshot): CompanySnapshot => ({
  key: row.key,
  name: row.name,
  hostPattern: row.hostPattern,
  logoUrl: row.logoUrl,
  logoDarkUrl: row.logoDarkUrl,
  loginBackgroundUrl: row.loginBackgroundUrl,
});

export const companyView = (row: CompanyRow) => ({ id: row.id, ...snapshotOf(row), createdAt: row.createdAt.toISOString() });

export const companyNotFound = () => notFound("No company has this id: it may have been deleted.", "company_not_found");

/** The company of this id, or 404 company_not_found. */
export async function findCompany(deps: Deps, id: string): Promise<CompanyRow> {
  const [row] = await deps.db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw companyNotFound();
  return row;
}

/** Appends a company write's audit row, in the write's own transaction. */
export async function recordCompanyAudit(
  tx: Tx,
  row: { actorId: string; action: "company.create" | "company.update"; summary: string; before: unknown; after: unknown; at: Date },
) {
  await tx.insert(studioAudit).values({ userId: row.actorId, action: row.action, summary: row.summary, before: row.before, after: row.after, createdAt: row.at });
}
