import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq } from "drizzle-orm";
import { companies } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { forgetCompanyBrands } from "../shell";
import { checkCompanyImage, checkHostPattern, hostPatternTaken } from "./company-rules";
import { companyView, type CompanyAuditRow, snapshotOf } from "./company-view";

export interface NewCompany {
  key: string;
  name: string;
  hostPattern: string;
  logoUrl: string;
  logoDarkUrl: string | null;
  loginBackgroundUrl: string | null;
}

const keyTaken = (key: string) => new ApiError(409, "company_key_taken", `A company with the key ${key} already exists: choose another key.`, {}, { key });

const isUniqueViolation = (err: unknown) => String((err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code) === "23505";

/** Makes a company, with its audit row in the same transaction; its host shows the brand from the next request. */
export async function createCompany(deps: Deps, actor: User, input: NewCompany) {
  const [taken] = await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.key, input.key)).limit(1);
  if (taken) throw keyTaken(input.key);
  await checkHostPattern(deps, input.hostPattern, null);
  await checkCompanyImage(deps, "logoUrl", input.logoUrl);
  if (input.logoDarkUrl) await checkCompanyImage(deps, "logoDarkUrl", input.logoDarkUrl);
  if (input.loginBackgroundUrl) await checkCompanyImage(deps, "loginBackgroundUrl", input.loginBackgroundUrl);
  const now = deps.now();
  const row = await deps.db
    .transaction(async (tx) => {
      const [made] = await tx.insert(companies).values({ ...input, createdAt: now }).returning();
      await recordAudit<CompanyAuditRow>(tx, {
        actorId: actor.id,
        action: "company.create",
        summary: `Created the company ${input.key} (${input.name}) for ${input.hostPattern}`,
        before: null,
        after: snapshotOf(input),
        at: now,
      });
      return made!;
    })
    .catch(async (err: unknown) => {
      if (!isUniqueViolation(err)) throw err;
      // A write of the same key or pattern that came in between the checks and the insert.
      const [sameKey] = await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.key, input.key)).limit(1);
      throw sameKey ? keyTaken(input.key) : hostPatternTaken(input.hostPattern, null);
    });
  forgetCompanyBrands(deps.db);
  return { company: companyView(row) };
}
