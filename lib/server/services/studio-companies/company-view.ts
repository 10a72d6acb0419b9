import "server-only";
import type { AuditEntry } from "../../domain/audit";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema";
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

/** A company write's audit entry. */
export type CompanyAuditRow = AuditEntry<"company.create" | "company.update" | "company.delete">;
