import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq } from "drizzle-orm";
import { companies } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { forgetCompanyBrands } from "../shell";
import { checkCompanyImage, checkHostPattern, hostPatternTaken, type ImageField } from "./company-rules";
import { COMPANY_FIELDS, companyView, findCompany, type CompanyAuditRow, snapshotOf, type CompanySnapshot } from "./company-view";

export interface CompanyChange {
  id: string;
  name?: string;
  hostPattern?: string;
  logoUrl?: string;
  logoDarkUrl?: string | null;
  loginBackgroundUrl?: string | null;
}

const IMAGE_FIELDS: ImageField[] = ["logoUrl", "logoDarkUrl", "loginBackgroundUrl"];

/**
 * Changes a company's name, host pattern or images (its key stays: companies.yaml and the people CSV
 * name companies by it). Only what changes is checked, so an imported company's SVG logo is kept when
 * its name is saved. The audit row holds the fields that changed, before and after; a save that changes
 * nothing writes nothing. The brand cache is forgotten, so the next request to the host shows it.
 */
export async function updateCompany(deps: Deps, actor: User, change: CompanyChange) {
  const row = await findCompany(deps, change.id);
  const current = snapshotOf(row);
  const next: CompanySnapshot = {
    key: row.key,
    name: change.name ?? row.name,
    hostPattern: change.hostPattern ?? row.hostPattern,
    logoUrl: change.logoUrl ?? row.logoUrl,
    logoDarkUrl: change.logoDarkUrl === undefined ? row.logoDarkUrl : change.logoDarkUrl,
    loginBackgroundUrl: change.loginBackgroundUrl === undefined ? row.loginBackgroundUrl : change.loginBackgroundUrl,
  };
  const before: Partial<CompanySnapshot> = {};
  const after: Partial<CompanySnapshot> = {};
  for (const field of COMPANY_FIELDS) {
    if (current[field] !== next[field]) {
      (before as Record<string, unknown>)[field] = current[field];
      (after as Record<string, unknown>)[field] = next[field];
    }
  }
  const changed = Object.keys(after) as (keyof CompanySnapshot)[];
  if (!changed.length) return { company: companyView(row) };
  if ("hostPattern" in after) await checkHostPattern(deps, next.hostPattern, row.id);
  for (const field of IMAGE_FIELDS) {
    const url = next[field];
    if (field in after && url) await checkCompanyImage(deps, field, url);
  }
  const now = deps.now();
  const saved = await deps.db
    .transaction(async (tx) => {
      const [updated] = await tx
        .update(companies)
        .set({ name: next.name, hostPattern: next.hostPattern, logoUrl: next.logoUrl, logoDarkUrl: next.logoDarkUrl, loginBackgroundUrl: next.loginBackgroundUrl })
        .where(eq(companies.id, row.id))
        .returning();
      await recordAudit<CompanyAuditRow>(tx, { actorId: actor.id, action: "company.update", summary: `Changed ${changed.join(", ")} of the company ${row.key}`, before, after, at: now });
      return updated!;
    })
    .catch((err: unknown) => {
      if (String((err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code) === "23505") throw hostPatternTaken(next.hostPattern, null);
      throw err;
    });
  forgetCompanyBrands(deps.db);
  return { company: companyView(saved) };
}
